"""search/: one search tool over many backends, online and offline.

* :mod:`.tool`: :class:`SearchTool` (``run`` -> text for models, ``search`` ->
  typed results for code) and the chains ``hybrid`` and ``advanced``;
* :mod:`.results`: :class:`SearchHit` and :class:`SearchResults`, one shape for all;
* one module per backend: :mod:`.tavily_backend`, :mod:`.serpapi_backend`,
  :mod:`.perplexity_backend`, :mod:`.searxng_backend`, :mod:`.duckduckgo_backend`
  and :mod:`.corpus_backend` (a folder of pages, no network), all on
  :class:`~.backend.SearchBackend`;
* :mod:`.local_service`: a SearXNG-compatible service over a folder of pages, so
  that anything speaking SearXNG's API searches offline.
* :mod:`.serving`: the start/stop lifecycle of an HTTP server in a background
  thread, shared by the local service and the test kit's fake search APIs.

Client packages (Tavily, SerpApi) are imported when a search runs:
``pip install -e ".[search]"`` from the root of a clone installs them.
"""

from hello_agents.tools.builtin.search.backend import INSTALL_HINT, SearchBackend
from hello_agents.tools.builtin.search.corpus_backend import SAMPLE_CORPUS, CorpusBackend
from hello_agents.tools.builtin.search.http import BackendUnavailable
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults
from hello_agents.tools.builtin.search.serpapi_backend import KEY_ENV as SERPAPI_KEY_ENV
from hello_agents.tools.builtin.search.tavily_backend import KEY_ENV as TAVILY_KEY_ENV
from hello_agents.tools.builtin.search.tool import (
    BACKENDS,
    CHAINS,
    MODES,
    SearchError,
    SearchTool,
    search,
)

__all__ = [
    "BACKENDS",
    "CHAINS",
    "INSTALL_HINT",
    "MODES",
    "SAMPLE_CORPUS",
    "SERPAPI_KEY_ENV",
    "TAVILY_KEY_ENV",
    "BackendUnavailable",
    "CorpusBackend",
    "SearchBackend",
    "SearchError",
    "SearchHit",
    "SearchResults",
    "SearchTool",
    "search",
]
