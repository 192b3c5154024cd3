"""The module path the tutorial imports ANP from (``protocols.anp.implementation``)."""

from hello_agents.protocols.anp import discovery
from hello_agents.protocols.anp.discovery import *  # noqa: F403 - as discovery.__all__ lists them
from hello_agents.protocols.anp.network import ANPNetwork

__all__ = ["ANPNetwork"]
__all__ += discovery.__all__
