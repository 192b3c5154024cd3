"""ANP (Agent Network Protocol) as chapter 10 teaches it: discovery and networks, in process."""

from hello_agents.protocols.anp import discovery, network
from hello_agents.protocols.anp.discovery import *  # noqa: F403 - as discovery.__all__ lists them
from hello_agents.protocols.anp.identity import ANPIdentity, verify_auth_header
from hello_agents.protocols.anp.network import *  # noqa: F403 - as network.__all__ lists them

__all__ = ["ANPIdentity", "verify_auth_header"]
__all__ += discovery.__all__
__all__ += network.__all__
