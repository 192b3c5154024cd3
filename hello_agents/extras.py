"""The extras of an installed hello-agents: what each one requires, and whether it is there.

pip records an install's requirements in its metadata as ``Requires-Dist`` lines,
one per package, each extra's marked ``extra == "name"``::

    xllamacpp==2026.10.11549; extra == 'local'

This module reads them back (``importlib.metadata``), evaluates the markers and
checks each requirement against what is installed: the version satisfies the
specifier, and the package's modules import. ``packaging`` does the parsing when
it is installed; otherwise a small parser here covers the PEP 440/508 subset that
requirement lines use (versions with pre/post/dev parts, ``== != <= >= < > ~=``
with ``.*``, markers with ``and``/``or``/parentheses).
"""

from __future__ import annotations

import importlib
import os
import platform
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import metadata

from hello_agents.core.exceptions import ConfigException

try:  # exact when installed; the small parser below otherwise
    from packaging import markers as _markers
    from packaging import requirements as _requirements
    from packaging import specifiers as _specifiers
    from packaging import version as _versions

    PACKAGING = True
except ImportError:  # pragma: no cover - the tests switch PACKAGING off to run the fallback
    PACKAGING = False


@dataclass(frozen=True)
class Requirement:
    """One ``Requires-Dist`` line, split into its parts.

    Attributes:
        name: The distribution's name as written (``tavily-python``).
        extras: Extras asked of that distribution (``hello-agents[local]`` -> ``local``).
        specifier: The version constraint, ``""`` for any (``>=0.8.5,<0.9``).
        marker: The environment marker, ``""`` for none (``extra == 'search'``).
    """

    name: str
    extras: tuple[str, ...] = ()
    specifier: str = ""
    marker: str = ""

    def __str__(self) -> str:
        extras = f"[{','.join(self.extras)}]" if self.extras else ""
        return f"{self.name}{extras}{self.specifier}"


@dataclass(frozen=True)
class RequirementStatus:
    """What is installed for one requirement.

    Attributes:
        requirement: The requirement checked.
        installed: The installed version, ``None`` when the package is missing.
        satisfied: Whether that version satisfies the specifier.
        modules: The top-level modules the package installs.
        import_error: Why importing one of them failed, ``None`` when all import.
    """

    requirement: Requirement
    installed: str | None
    satisfied: bool
    modules: tuple[str, ...] = ()
    import_error: str | None = None

    @property
    def ok(self) -> bool:
        """Installed at a satisfying version, and importable."""
        return self.satisfied and self.import_error is None

    def describe(self) -> str:
        """One line for people: what is wrong, or what is there."""
        wanted = self.requirement.specifier or "any version"
        if self.installed is None:
            return f"{self.requirement.name} is not installed (needs {wanted})"
        if not self.satisfied:
            return f"{self.requirement.name} {self.installed} is installed, but {wanted} is needed"
        if self.import_error is not None:
            return (
                f"{self.requirement.name} {self.installed} is installed, "
                f"but it does not import: {self.import_error}"
            )
        return f"{self.requirement.name} {self.installed}"


def canonical_name(name: str) -> str:
    """A distribution or extra name in its comparable form (PEP 503): ``Foo_Bar`` -> ``foo-bar``."""
    return re.sub(r"[-_.]+", "-", name).lower()


# ---- reading the metadata ------------------------------------------------------------


def provided_extras(distribution: metadata.Distribution) -> list[str]:
    """The extras an installed distribution declares (``Provides-Extra``)."""
    return [
        canonical_name(extra) for extra in distribution.metadata.get_all("Provides-Extra") or []
    ]


def extra_requirements(
    distribution: metadata.Distribution,
    extra: str | None,
    environment: Mapping[str, str] | None = None,
) -> list[Requirement]:
    """The requirements that installing ``distribution[extra]`` adds.

    ``extra=None`` gives the distribution's own dependencies. A requirement on
    the distribution itself (``hello-agents[local]`` inside another extra) is
    expanded into that extra's requirements, as pip would install them.

    Args:
        distribution: The installed distribution, e.g. ``metadata.distribution("hello-agents")``.
        extra: The extra's name, or ``None``.
        environment: Marker variables; this interpreter's when omitted.

    Returns:
        Each requirement once, in metadata order.

    Raises:
        ConfigException: ``extra`` is not one the distribution declares.
    """
    if extra is not None and canonical_name(extra) not in provided_extras(distribution):
        raise ConfigException(
            f"{distribution.metadata['Name']} {distribution.version} has no extra {extra!r} "
            f"(it has: {', '.join(provided_extras(distribution)) or 'none'})"
        )
    own_name = canonical_name(distribution.metadata["Name"])
    found: dict[str, Requirement] = {}
    pending = [extra]
    visited: set[str | None] = set()
    while pending:
        current = pending.pop(0)
        if current in visited:
            continue
        visited.add(current)
        for line in distribution.requires or []:
            requirement = parse_requirement(line)
            if not marker_applies(requirement.marker, current, environment):
                continue
            if canonical_name(requirement.name) == own_name:
                pending.extend(canonical_name(name) for name in requirement.extras)
            else:
                found.setdefault(str(requirement), requirement)
    return list(found.values())


def check_requirement(requirement: Requirement) -> RequirementStatus:
    """Whether ``requirement`` is installed at a satisfying version, and imports.

    Importing runs the package's top-level code, so a broken binary wheel or a
    missing shared library shows up here rather than in the learner's first
    example.
    """
    try:
        distribution = metadata.distribution(requirement.name)
    except metadata.PackageNotFoundError:
        return RequirementStatus(requirement, installed=None, satisfied=False)
    installed = distribution.version
    satisfied = version_satisfies(installed, requirement.specifier)
    modules = top_level_modules(distribution)
    import_error = None
    if satisfied:
        for module in modules:
            try:
                importlib.import_module(module)
            except Exception as error:  # any failure to import is what we report
                import_error = f"import {module}: {type(error).__name__}: {error}"
                break
    return RequirementStatus(requirement, installed, satisfied, modules, import_error)


# Folders some wheels ship by mistake: importing them would find another project's.
_NOT_LIBRARY_CODE = frozenset({"tests", "test", "docs", "examples", "benchmarks"})


def top_level_modules(distribution: metadata.Distribution) -> tuple[str, ...]:
    """The top-level modules and packages a distribution installed (from its file list)."""
    modules: list[str] = []
    for file in distribution.files or []:
        parts = file.parts
        if not parts or parts[0] in ("..", "__pycache__") or ".dist-info" in parts[0]:
            continue
        if len(parts) > 1 and parts[1] == "__init__.py":
            name = parts[0]
        elif len(parts) == 1 and file.suffix in (".py", ".so", ".pyd"):
            name = parts[0].split(".", 1)[0]
        else:
            continue
        if name in _NOT_LIBRARY_CODE or name.startswith("_") or not name.isidentifier():
            continue
        if name not in modules:
            modules.append(name)
    return tuple(modules)


# ---- requirements, markers and versions ---------------------------------------------------

_REQUIREMENT = re.compile(
    r"^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*"
    r"(?:\[(?P<extras>[^\]]*)\])?\s*"
    r"\(?(?P<specifier>[^;()]*?)\)?\s*"
    r"(?:;\s*(?P<marker>.*?))?\s*$"
)


def parse_requirement(text: str) -> Requirement:
    """Split a ``Requires-Dist`` line into name, extras, specifier and marker.

    Raises:
        ConfigException: The line is not a requirement.
    """
    if PACKAGING:
        try:
            parsed = _requirements.Requirement(text)
        except ValueError as error:
            raise ConfigException(f"not a requirement: {text!r} ({error})") from error
        return Requirement(
            parsed.name,
            tuple(sorted(parsed.extras)),
            ",".join(sorted(str(clause) for clause in parsed.specifier)),
            str(parsed.marker) if parsed.marker else "",
        )
    return _parse_requirement_small(text)


def _parse_requirement_small(text: str) -> Requirement:
    match = _REQUIREMENT.match(text)
    if match is None or "@" in (match.group("specifier") or ""):
        raise ConfigException(f"not a requirement this parser reads: {text!r}")
    extras = tuple(sorted(e.strip() for e in (match.group("extras") or "").split(",") if e.strip()))
    clauses = [c.replace(" ", "") for c in match.group("specifier").split(",") if c.strip()]
    return Requirement(
        match.group("name"), extras, ",".join(sorted(clauses)), match["marker"] or ""
    )


def default_environment() -> dict[str, str]:
    """The marker variables of this interpreter (PEP 508)."""
    implementation = sys.implementation
    version = implementation.version
    implementation_version = f"{version.major}.{version.minor}.{version.micro}"
    return {
        "implementation_name": implementation.name,
        "implementation_version": implementation_version,
        "os_name": os.name,
        "platform_machine": platform.machine(),
        "platform_python_implementation": platform.python_implementation(),
        "platform_release": platform.release(),
        "platform_system": platform.system(),
        "platform_version": platform.version(),
        "python_full_version": platform.python_version(),
        "python_version": ".".join(platform.python_version_tuple()[:2]),
        "sys_platform": sys.platform,
    }


def marker_applies(
    marker: str, extra: str | None, environment: Mapping[str, str] | None = None
) -> bool:
    """Whether a requirement with ``marker`` is installed for ``extra`` here.

    A requirement belongs to an extra when its marker holds with that extra and
    not without it; ``extra=None`` asks about the plain install.

    Args:
        marker: The marker text, ``""`` for none.
        extra: The extra being installed, ``None`` for the plain install.
        environment: Marker variables; this interpreter's when omitted.
    """
    if not marker:
        return extra is None
    variables = {**default_environment(), **(environment or {})}
    holds_without_extra = _evaluate_marker(marker, {**variables, "extra": ""})
    if extra is None:
        return holds_without_extra
    return not holds_without_extra and _evaluate_marker(marker, {**variables, "extra": extra})


def _evaluate_marker(marker: str, variables: Mapping[str, str]) -> bool:
    if PACKAGING:
        return bool(_markers.Marker(marker).evaluate(dict(variables)))
    return _MarkerParser(marker, variables).evaluate()


def version_satisfies(version: str, specifier: str) -> bool:
    """Whether ``version`` satisfies ``specifier`` (``""`` accepts any version).

    Pre-releases count as satisfying, as they do once installed.
    """
    if not specifier:
        return True
    if PACKAGING:
        try:
            return _specifiers.SpecifierSet(specifier).contains(version, prereleases=True)
        except _versions.InvalidVersion:
            return False
    return _satisfies_small(version, specifier)


def is_older(version: str, other: str) -> bool:
    """Whether ``version`` comes before ``other`` (PEP 440 order)."""
    if PACKAGING:
        return bool(_versions.Version(version) < _versions.Version(other))
    return version_key(version) < version_key(other)


# -- the small fallback parser: versions

_VERSION = re.compile(
    r"^v?(?:(?P<epoch>\d+)!)?(?P<release>\d+(?:\.\d+)*)"
    r"(?:[-_.]?(?P<pre>a|b|c|rc|alpha|beta|pre|preview)[-_.]?(?P<pre_n>\d*))?"
    r"(?:-(?P<post_implicit>\d+)|[-_.]?(?:post|rev|r)[-_.]?(?P<post_n>\d*))?"
    r"(?:[-_.]?(?P<dev>dev)[-_.]?(?P<dev_n>\d*))?"
    r"(?:\+[a-z0-9.]+)?$",
    re.IGNORECASE,
)
_PRE_RANK = {"a": 0, "alpha": 0, "b": 1, "beta": 1, "c": 2, "rc": 2, "pre": 2, "preview": 2}
_Key = tuple[int, tuple[int, ...], tuple[int, int], int, tuple[int, int]]


def version_key(version: str) -> _Key:
    """A sortable key for a PEP 440 version (the fallback's ordering).

    Raises:
        ConfigException: ``version`` is not a PEP 440 version.
    """
    match = _VERSION.match(version.strip())
    if match is None:
        raise ConfigException(f"not a version: {version!r}")
    release = tuple(int(part) for part in match["release"].split("."))
    while len(release) > 1 and release[-1] == 0:
        release = release[:-1]
    post_text = match["post_implicit"] or match["post_n"]
    has_post = match["post_implicit"] is not None or match["post_n"] is not None
    post = int(post_text or 0) if has_post else -1
    dev = (0, int(match["dev_n"] or 0)) if match["dev"] else (1, 0)
    if match["pre"]:
        pre = (_PRE_RANK[match["pre"].lower()], int(match["pre_n"] or 0))
    elif match["dev"] and not has_post:
        pre = (-1, 0)  # 1.0.dev1 sorts before 1.0a1
    else:
        pre = (3, 0)  # a final release sorts after its pre-releases
    return int(match["epoch"] or 0), release, pre, post, dev


_CLAUSE = re.compile(r"^(~=|===|==|!=|<=|>=|<|>)\s*(\S+)$")


def _satisfies_small(version: str, specifier: str) -> bool:
    try:
        key = version_key(version)
    except ConfigException:
        return False
    for clause in specifier.split(","):
        match = _CLAUSE.match(clause.strip())
        if match is None:
            raise ConfigException(f"not a version specifier: {clause!r}")
        operator, wanted = match.groups()
        if not _clause_holds(version, key, operator, wanted):
            return False
    return True


def _clause_holds(version: str, key: _Key, operator: str, wanted: str) -> bool:
    if operator == "===":
        return version == wanted
    if operator in ("==", "!=") and wanted.endswith(".*"):
        prefix = tuple(int(part) for part in wanted[:-2].split("."))
        padded = key[1] + (0,) * max(0, len(prefix) - len(key[1]))
        return (padded[: len(prefix)] == prefix) == (operator == "==")
    if operator == "~=":
        match = _VERSION.match(wanted)
        if match is None or "." not in match["release"]:
            raise ConfigException(f"not a compatible-release specifier: ~={wanted}")
        wildcard = match["release"].rsplit(".", 1)[0] + ".*"
        return key >= version_key(wanted) and _clause_holds(version, key, "==", wildcard)
    other = version_key(wanted)
    same_release = key[:2] == other[:2]
    if operator == "<":  # PEP 440: <1.0 excludes 1.0's own pre-releases
        return key < other and not (same_release and key[2] < (3, 0) <= other[2])
    if operator == ">":  # ... and >1.0 excludes 1.0's own post-releases
        return key > other and not (same_release and key[3] >= 0 > other[3])
    return {
        "==": key == other,
        "!=": key != other,
        "<=": key <= other,
        ">=": key >= other,
    }[operator]


# -- the small fallback parser: markers

_TOKEN = re.compile(
    r"\s*(?:(?P<string>'[^']*'|\"[^\"]*\")|(?P<op>===|==|!=|<=|>=|~=|<|>|not\s+in\b|in\b)"
    r"|(?P<paren>[()])|(?P<word>[A-Za-z_][A-Za-z0-9_.]*))"
)
_VERSION_VARIABLES = {"python_version", "python_full_version", "implementation_version"}


class _MarkerParser:
    """Evaluates a PEP 508 marker: ``or`` of ``and`` of comparisons or parentheses."""

    def __init__(self, marker: str, variables: Mapping[str, str]) -> None:
        self.tokens = self._tokenize(marker)
        self.position = 0
        self.variables = variables

    @staticmethod
    def _tokenize(marker: str) -> list[tuple[str, str]]:
        tokens: list[tuple[str, str]] = []
        position = 0
        while position < len(marker.rstrip()):
            match = _TOKEN.match(marker, position)
            if match is None or match.end() == position:
                raise ConfigException(f"cannot read the marker {marker!r} at {position}")
            kind = match.lastgroup or ""
            tokens.append((kind, " ".join(match.group(kind).split())))
            position = match.end()
        return tokens

    def evaluate(self) -> bool:
        result = self._or()
        if self.position != len(self.tokens):
            raise ConfigException(f"unexpected {self.tokens[self.position][1]!r} in a marker")
        return result

    def _next(self) -> tuple[str, str]:
        if self.position >= len(self.tokens):
            raise ConfigException("a marker ends too early")
        token = self.tokens[self.position]
        self.position += 1
        return token

    def _peek(self) -> str | None:
        return self.tokens[self.position][1] if self.position < len(self.tokens) else None

    def _or(self) -> bool:
        result = self._and()
        while self._peek() == "or":
            self._next()
            result = self._and() or result
        return result

    def _and(self) -> bool:
        result = self._atom()
        while self._peek() == "and":
            self._next()
            result = self._atom() and result
        return result

    def _atom(self) -> bool:
        if self._peek() == "(":
            self._next()
            result = self._or()
            if self._next()[1] != ")":
                raise ConfigException("a marker has an unclosed parenthesis")
            return result
        left_name, left = self._value()
        kind, operator = self._next()
        if kind != "op":
            raise ConfigException(f"expected a comparison in a marker, got {operator!r}")
        right_name, right = self._value()
        return self._compare(left_name or right_name, left, operator, right)

    def _value(self) -> tuple[str | None, str]:
        kind, text = self._next()
        if kind == "string":
            return None, text[1:-1]
        if kind == "word" and text in self.variables:
            return text, self.variables[text]
        raise ConfigException(f"unknown marker variable {text!r}")

    @staticmethod
    def _compare(variable: str | None, left: str, operator: str, right: str) -> bool:
        if variable == "extra":
            left, right = canonical_name(left), canonical_name(right)
        if operator == "in":
            return left in right
        if operator == "not in":
            return left not in right
        if variable in _VERSION_VARIABLES:
            try:
                return _satisfies_small(left, f"{operator}{right}")
            except ConfigException:
                pass
        return {"==": left == right, "!=": left != right, "===": left == right}.get(operator, False)


__all__ = [
    "PACKAGING",
    "Requirement",
    "RequirementStatus",
    "canonical_name",
    "check_requirement",
    "default_environment",
    "extra_requirements",
    "is_older",
    "marker_applies",
    "parse_requirement",
    "provided_extras",
    "top_level_modules",
    "version_key",
    "version_satisfies",
]
