"""tools/: the Tool contract, the registry, chains, the parallel executor and builtins."""
