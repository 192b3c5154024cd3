"""The runtime schema guard: bad arguments become precise observations, never exceptions."""

import json
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from hello_agents.tools.arguments import (
    ArgumentSyntaxError,
    check_arguments,
    parse_arguments,
    parse_key_values,
    signature,
)
from hello_agents.tools.base import Tool, ToolParameter, ToolResult
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tools.typed import ModelTool

tool_calls: list[tuple[str, dict[str, Any]]] = []


class Passenger(BaseModel):
    name: str
    age: int = Field(ge=0)


class TransferInput(BaseModel):
    recipient: str = Field(min_length=2, description="Who receives the money.")
    amount: float = Field(gt=0, le=10000, description="Amount in euros.")


class TransferMoneyTool(ModelTool[TransferInput]):
    """Transfer money to someone."""

    def call(self, arguments: TransferInput) -> str:
        tool_calls.append(("transfer_money", arguments.model_dump()))
        return "sent"


class Search(Tool):
    """A tutorial-style tool: one required string, one optional integer."""

    def __init__(self) -> None:
        super().__init__("search", "Search the web.")

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(name="input", type="string", description="The query"),
            ToolParameter(name="limit", type="integer", description="Results", required=False),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        tool_calls.append(("search", parameters))
        return "results"


def make_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def book_flight(
        origin: str,
        destination: str,
        seats: int = 1,
        cabin: Literal["economy", "business"] = "economy",
        refundable: bool = False,
        passengers: list[Passenger] | None = None,
    ) -> str:
        """Book a flight.

        Args:
            origin: Departure airport code.
            destination: Arrival airport code.
            seats: Number of seats.
        """
        tool_calls.append(("book_flight", {"origin": origin, "seats": seats}))
        return "booked"

    @registry.tool
    def ping() -> str:
        """Check the service is up."""
        tool_calls.append(("ping", {}))
        return "pong"

    registry.register_tool(TransferMoneyTool())
    registry.register_tool(Search())
    return registry


REGISTRY = make_registry()

# (tool, raw arguments, error kind, texts the observation must contain)
BAD_CALLS: list[tuple[str, Any, str, list[str]]] = [
    # syntax
    (
        "book_flight",
        '{"origin": "PAR", "destination": ',
        "invalid_json",
        ["invalid JSON", "line 1"],
    ),
    (
        "book_flight",
        '{"origin": "PAR" "destination": "ROM"}',
        "invalid_json",
        ["invalid JSON: Expecting ',' delimiter at line 1, column 18"],
    ),
    ("book_flight", "{'origin': 'PAR'}", "invalid_json", ["double quotes"]),
    ("book_flight", "[1, 2]", "invalid_json", ["JSON object or key=value"]),
    ("book_flight", "fly me to Rome", "invalid_json", ["plain text", "book_flight(origin: string"]),
    ("book_flight", 'origin="PAR, destination=ROM', "invalid_json", ["origin", "never closed"]),
    ("book_flight", "origin=PAR, origin=LYS", "invalid_json", ["'origin' is given twice"]),
    (
        "book_flight",
        'origin="PAR" or "LYS", destination=ROM',
        "invalid_json",
        ["unexpected text after the value of 'origin'"],
    ),
    ("book_flight", "origin PAR", "invalid_json", ["plain text"]),
    ("book_flight", "origin=PAR destination=ROM", "invalid_arguments", ["destination"]),
    ("book_flight", '```json\n{"origin": \n```', "invalid_json", ["invalid JSON"]),
    # missing and extra fields
    ("book_flight", {}, "invalid_arguments", ["origin: required field is missing", "string"]),
    (
        "book_flight",
        {"origin": "PAR"},
        "invalid_arguments",
        ["destination: required field is missing"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destinaton": "ROM"},
        "invalid_arguments",
        ["destinaton: unknown field", "did you mean 'destination'"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "price": 3},
        "invalid_arguments",
        ["price: unknown field", "accepted fields: origin, destination, seats"],
    ),
    ("ping", {"verbose": True}, "invalid_arguments", ["verbose: unknown field", "none"]),
    ("ping", "now please", "invalid_json", ["takes no arguments", '"now please"']),
    (
        "transfer_money",
        {"recipient": "Bob", "amount": 5, "memo": "x"},
        "invalid_arguments",
        ["memo: unknown field"],
    ),
    (
        "search",
        {"query": "python"},
        "invalid_arguments",
        ["query: unknown field", "input: required field is missing"],
    ),
    # wrong types
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "seats": "two"},
        "invalid_arguments",
        ["seats", "valid integer", '"two"', "expected integer"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "seats": 1.5},
        "invalid_arguments",
        ["seats", "fractional part"],
    ),
    (
        "book_flight",
        {"origin": 42, "destination": "ROM"},
        "invalid_arguments",
        ["origin", "valid string", "42"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "refundable": "maybe"},
        "invalid_arguments",
        ["refundable", "valid boolean"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "passengers": "Ann"},
        "invalid_arguments",
        ["passengers", "valid list"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "passengers": [{"name": "Ann"}]},
        "invalid_arguments",
        ["passengers[0].age: required field is missing"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "passengers": [{"name": "Ann", "age": "old"}]},
        "invalid_arguments",
        ["passengers[0].age", "valid integer"],
    ),
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "passengers": [{"name": "A", "age": -1}]},
        "invalid_arguments",
        ["passengers[0].age", "greater than or equal to 0"],
    ),
    ("search", {"input": "x", "limit": "many"}, "invalid_arguments", ["limit", "valid integer"]),
    ("search", "input=x, limit=ten", "invalid_arguments", ["limit", "valid integer", '"ten"']),
    # enums and constraints
    (
        "book_flight",
        {"origin": "PAR", "destination": "ROM", "cabin": "first"},
        "invalid_arguments",
        ["cabin", "'economy' or 'business'", '"first"', 'expected "economy" | "business"'],
    ),
    (
        "book_flight",
        'origin=PAR, destination=ROM, cabin="First Class"',
        "invalid_arguments",
        ["cabin", "'economy' or 'business'"],
    ),
    (
        "transfer_money",
        {"recipient": "Bob", "amount": -5},
        "invalid_arguments",
        ["amount", "greater than 0"],
    ),
    (
        "transfer_money",
        {"recipient": "Bob", "amount": 20000},
        "invalid_arguments",
        ["amount", "less than or equal to 10000"],
    ),
    (
        "transfer_money",
        {"recipient": "B", "amount": 5},
        "invalid_arguments",
        ["recipient", "at least 2 characters"],
    ),
    (
        "transfer_money",
        "recipient=Bob",
        "invalid_arguments",
        ["amount: required field is missing", "expected number (> 0, <= 10000) - Amount in euros."],
    ),
    # several problems reported together
    (
        "book_flight",
        {"seats": "x", "cabin": "first"},
        "invalid_arguments",
        ["origin: required", "destination: required", "seats", "cabin"],
    ),
    # unknown tools
    ("book_fligth", {}, "unknown_tool", ["no tool 'book_fligth'", "Did you mean 'book_flight'"]),
    ("Search", "python", "unknown_tool", ["Did you mean 'search'", "Available tools: book_flight"]),
    ("delete_everything", {}, "unknown_tool", ["Available tools: book_flight, ping"]),
]


@pytest.mark.parametrize(("tool_name", "raw", "kind", "expected"), BAD_CALLS)
def test_bad_call_becomes_a_precise_observation(
    tool_name: str, raw: Any, kind: str, expected: list[str]
) -> None:
    tool_calls.clear()
    result = REGISTRY.execute(tool_name, raw)
    assert not result.ok
    assert result.error_kind == kind
    for text in expected:
        assert text in result.content, f"{text!r} not in:\n{result.content}"
    assert tool_calls == [], "the tool must never run on bad arguments"


def test_the_corpus_has_at_least_thirty_cases() -> None:
    assert len(BAD_CALLS) >= 30


def test_invalid_arguments_observation_shows_the_expected_shape() -> None:
    result = REGISTRY.execute("book_flight", {"origin": "PAR"})
    assert result.content.splitlines()[-2] == (
        "Expected arguments: book_flight(origin: string, destination: string, seats: integer = 1, "
        'cabin: "economy" | "business" = "economy", refundable: boolean = false, '
        "passengers: list[{name: string, age: integer (>= 0)}] | null = null)"
    )
    assert result.content.endswith("Fix these fields and call the tool again.")


def test_string_form_is_the_observation_text() -> None:
    result = REGISTRY.execute("book_fligth", {})
    assert str(result) == result.content
    assert REGISTRY.execute_tool("book_fligth", "{}") == result.content


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"origin": "PAR", "destination": "ROM", "seats": "3"}, 3),
        ('{"origin": "PAR", "destination": "ROM", "seats": "3"}', 3),
        ("origin=PAR, destination=ROM, seats=3", 3),
        ("origin=PAR, destination=ROM, seats=3.0", 3),
    ],
)
def test_numbers_in_strings_are_coerced_where_the_schema_says_integer(
    raw: Any, expected: int
) -> None:
    tool_calls.clear()
    assert REGISTRY.execute("book_flight", raw).ok
    assert tool_calls == [("book_flight", {"origin": "PAR", "seats": expected})]


def test_true_in_a_string_becomes_a_boolean() -> None:
    tool = REGISTRY.get_tool("book_flight")
    assert tool is not None
    checked = check_arguments(tool, "origin=PAR, destination=ROM, refundable=true")
    assert isinstance(checked, dict) and checked["refundable"] is True


def test_a_string_field_keeps_digits_as_text() -> None:
    tool = REGISTRY.get_tool("book_flight")
    assert tool is not None
    checked = check_arguments(tool, "origin=1234, destination=ROM")
    assert isinstance(checked, dict) and checked["origin"] == "1234"


def test_plain_text_goes_to_the_single_required_parameter() -> None:
    tool_calls.clear()
    assert REGISTRY.execute("search", "hello, world").ok
    assert tool_calls == [("search", {"input": "hello, world"})]


def test_quoted_plain_text_is_unquoted() -> None:
    schema = {"properties": {"input": {"type": "string"}}}
    assert parse_arguments('"a \\"quoted\\" query"', schema) == {"input": 'a "quoted" query'}


def test_key_value_pairs_keep_commas_and_quotes_inside_values() -> None:
    assert parse_key_values(
        "recipient=\"Smith, John\", note='it\\'s fine', text=hello, world, amount=5"
    ) == {"recipient": "Smith, John", "note": "it's fine", "text": "hello, world", "amount": "5"}


def test_key_value_pairs_read_brackets_as_json() -> None:
    assert parse_key_values('ids=[1, 2, 3], filter={"a": "b, c"}; name=x') == {
        "ids": [1, 2, 3],
        "filter": {"a": "b, c"},
        "name": "x",
    }


def test_bracketed_text_that_is_not_json_stays_text() -> None:
    assert parse_key_values("query=[draft] notes, limit=3, tags=[a, b]") == {
        "query": "[draft] notes",
        "limit": "3",
        "tags": "[a, b]",
    }


def test_bare_value_is_decoded_as_json_only_for_non_string_parameters() -> None:
    text_schema = {"properties": {"query": {"type": "string"}}}
    list_schema = {"properties": {"ids": {"type": "array", "items": {"type": "integer"}}}}
    assert parse_arguments("[1, 2]", text_schema) == {"query": "[1, 2]"}
    assert parse_arguments("[1, 2]", list_schema) == {"ids": [1, 2]}


def test_key_value_pairs_accept_new_lines_as_separators() -> None:
    assert parse_key_values("a=1\nb = two words\n") == {"a": "1", "b": "two words"}


def test_key_value_value_may_contain_equals_and_brackets_when_quoted() -> None:
    assert parse_key_values('expr="x == 1 and y[0] = 2"') == {"expr": "x == 1 and y[0] = 2"}


def test_code_fences_around_json_are_removed() -> None:
    schema: dict[str, Any] = {"properties": {"a": {}, "b": {}}}
    assert parse_arguments('```json\n{"a": 1}\n```', schema) == {"a": 1}
    assert parse_arguments('`{"a": 1}`', schema) == {"a": 1}


def test_trailing_commas_in_json_are_forgiven_outside_strings() -> None:
    schema: dict[str, Any] = {"properties": {"a": {}, "b": {}}}
    assert parse_arguments('{"a": [1, 2,], "b": "x,}",}', schema) == {"a": [1, 2], "b": "x,}"}
    assert parse_arguments('{"a": "say \\",}"}', schema) == {"a": 'say ",}'}


def test_json_object_without_its_braces_is_accepted() -> None:
    tool_calls.clear()
    assert REGISTRY.execute("book_flight", '"origin": "PAR", "destination": "ROM"').ok
    assert tool_calls == [("book_flight", {"origin": "PAR", "seats": 1})]


def test_empty_arguments_mean_no_arguments() -> None:
    assert parse_arguments("  ", {}) == {}
    assert parse_arguments(None, {}) == {}
    assert REGISTRY.execute("ping", "").ok


def test_parse_error_is_an_argument_syntax_error() -> None:
    with pytest.raises(ArgumentSyntaxError):
        parse_arguments('{"a": ', {})


def test_signature_marks_optional_fields_without_default() -> None:
    schema = {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]}
    assert signature("f", schema) == "f(a: string, b?: integer)"


def test_transfer_from_the_seed_passes_when_valid() -> None:
    tool_calls.clear()
    result = REGISTRY.execute("transfer_money", '{"recipient": "Alice", "amount": "250.5"}')
    assert result.ok
    assert tool_calls == [("transfer_money", {"recipient": "Alice", "amount": 250.5})]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=400, deadline=None)
@given(
    tool_name=st.sampled_from(REGISTRY.list_tools()),
    raw=st.one_of(
        st.text(max_size=80),
        st.dictionaries(st.text(max_size=12), JSON_VALUES, max_size=5),
        st.dictionaries(
            st.sampled_from(["origin", "destination", "seats", "passengers"]), JSON_VALUES
        ),
    ),
)
def test_the_guard_never_raises_on_arbitrary_input(tool_name: str, raw: Any) -> None:
    tool = REGISTRY.get_tool(tool_name)
    assert tool is not None
    checked = check_arguments(tool, raw)
    assert isinstance(checked, (dict, ToolResult))
    if isinstance(checked, ToolResult):
        assert not checked.ok and checked.error_kind in ("invalid_json", "invalid_arguments")
        assert checked.content.startswith(("Invalid arguments", "Could not read"))


@settings(max_examples=200, deadline=None)
@given(
    values=st.dictionaries(
        st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20),
        min_size=1,
        max_size=4,
    )
)
def test_quoted_key_values_round_trip(values: dict[str, str]) -> None:
    text = ", ".join(f"{key}={json.dumps(value)}" for key, value in values.items())
    assert parse_key_values(text) == values


def test_a_lone_argument_under_another_name_reaches_a_one_parameter_tool() -> None:
    registry = ToolRegistry()

    @registry.tool
    def shout(text: str) -> str:
        """Upper-case a text.

        Args:
            text: What to shout.
        """
        return text.upper()

    @registry.tool
    def repeat(text: str, times: int) -> str:
        """Repeat a text.

        Args:
            text: What to repeat.
            times: How often.
        """
        return text * times

    assert registry.execute("shout", {"message": "hi"}).content == "HI"
    assert registry.execute("shout", '{"input": "hi"}').content == "HI"
    typed = registry.execute("shout", {"message": ["not", "text"]})  # still validated
    assert typed.error_kind == "invalid_arguments" and "text:" in typed.content
    two = registry.execute("shout", {"message": "hi", "volume": 11})  # two: ambiguous
    assert two.error_kind == "invalid_arguments" and "message: unknown field" in two.content
    several = registry.execute("repeat", {"words": "ab"})  # several parameters: no guess
    assert several.error_kind == "invalid_arguments" and "words: unknown field" in several.content
