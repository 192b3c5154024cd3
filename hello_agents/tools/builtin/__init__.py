"""Builtin tools: calculator and web search."""
