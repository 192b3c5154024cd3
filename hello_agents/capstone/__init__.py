"""capstone/: chapter 16's project folder, written and checked.

* :func:`~hello_agents.capstone.scaffold.new_capstone` writes a
  ``{github_user}-{Project}`` folder (``hello-agents new capstone NAME``): README
  with the chapter's sections, pinned requirements, ``.env.example``, an
  application with tracing and an evaluation hook, a notebook and offline tests;
* :func:`~hello_agents.capstone.checks.run_capstone_doctor` checks a folder before
  it is submitted (``hello-agents doctor --capstone PATH``): what git takes, size, secrets, README
  sections, pinned and installed requirements, the notebook run offline;
* :func:`~hello_agents.capstone.secrets.scan_text` finds credentials in text
  without ever keeping them.
"""

from hello_agents.capstone.checks import README_SECTIONS, capstone_checks, run_capstone_doctor
from hello_agents.capstone.scaffold import CapstoneError, new_capstone, version_range
from hello_agents.capstone.secrets import SecretFinding, scan_text

__all__ = [
    "README_SECTIONS",
    "CapstoneError",
    "SecretFinding",
    "capstone_checks",
    "new_capstone",
    "run_capstone_doctor",
    "scan_text",
    "version_range",
]
