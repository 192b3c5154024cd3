"""A tool's number stated in a unit it was never converted to (the aids' UnconvertedUnits):
sent back with the aids on; every answer that converts, or keeps the unit asked for, stands."""

from __future__ import annotations

import pytest
from _json_schema_runs import answer, assert_answer_stands, call, json_schema_agent

from hello_agents import FunctionCallAgent, ReActAgent
from hello_agents.agents.aids import SmallModelAids
from hello_agents.agents.aids.units import asked_units, numbers_with_units, unconverted_units
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def parcel_info(code: str) -> str:
        """A parcel's record: its content and its weight in grams.

        Args:
            code: The parcel's code, e.g. K-77.
        """
        return "content: books, weight_g: 1250, volume_ml: 800"

    @registry.tool
    def harbour_weather(harbour: str) -> dict[str, float]:
        """Today's weather at a harbour: water temperature in Celsius, waves in metres.

        Args:
            harbour: The harbour's name.
        """
        return {"water_c": 14.0, "waves_m": 1.5}

    @registry.tool
    def convert(value: float, from_unit: str, to_unit: str) -> float:
        """Convert a value between units (g, kg, c, f, m, ft).

        Args:
            value: The value.
            from_unit: Its unit.
            to_unit: The unit wanted.
        """
        factors = {("g", "kg"): 0.001, ("m", "ft"): 3.28084}
        if (from_unit, to_unit) == ("c", "f"):
            return value * 9 / 5 + 32
        return value * factors[(from_unit, to_unit)]

    return registry


def agent(script: list[str], *, aids: bool = True) -> tuple[FunctionCallAgent, ScriptedLLM]:
    return json_schema_agent(script, tools(), aids=aids)


# ---- reading numbers and their units ----------------------------------------------------


def test_numbers_are_read_with_the_unit_after_them_or_in_their_field_name() -> None:
    assert numbers_with_units("It weighs 1,250 grams, about 2.76 lbs.") == [
        (1250.0, "g"),
        (2.76, "lb"),
    ]
    assert numbers_with_units("19 degrees Fahrenheit, 19°F, 12 °C, 30毫米") == [
        (19.0, "f"),
        (19.0, "f"),
        (12.0, "c"),
        (30.0, "mm"),
    ]
    assert numbers_with_units('{"water_c": 14.0, "waves_m": 1.5, "wind_kmh": 20}') == [
        (14.0, "c"),
        (1.5, "m"),
    ]
    assert numbers_with_units("Room 5, at 5 p.m., 3 kids, 2 in the box") == []


def test_the_units_a_question_asks_for_are_those_without_a_number() -> None:
    assert asked_units("How many kilograms does the parcel weigh?") == {"kg"}
    assert asked_units("What is 3 yards in metres?") == {"m"}
    assert asked_units("Water temperature in degrees Fahrenheit?") == {"f"}
    assert asked_units("温哥华今天的降雨量是多少毫米？") == {"mm"}
    assert asked_units("How warm is the water, in °F?") == {"f"}
    # a one-letter symbol is a unit only after a number; a unit given with one is not asked
    assert asked_units("Is vitamin C in 5 g of it? Send it to plan B.") == set()


@pytest.mark.parametrize(
    ("answer_text", "question", "expected"),
    [
        (
            "The water is 14 degrees Fahrenheit.",
            "Water temperature in Fahrenheit?",
            ["14 °C as °F"],
        ),
        ("The parcel weighs 1250 g.", "How many kilograms does it weigh?", ["1250 g, not kg"]),
        ("It weighs 1,250 kilograms.", "How heavy is it?", ["1250 g as kg"]),
        # converted, or given in both units, or in the unit asked for: nothing to say
        ("The parcel weighs 1.25 kg.", "How many kilograms does it weigh?", []),
        ("It weighs 1250 g, that is 1.25 kg.", "How many kilograms does it weigh?", []),
        ("The water is 14 °C (57.2 °F).", "Water temperature in Fahrenheit?", []),
        ("The parcel weighs 1250 grams.", "How many grams does it weigh?", []),
        ("The parcel weighs 1250 grams.", "How heavy is it?", []),
        # a number the question writes with that unit, and zero, are left alone
        ("14 m of rope and 14 °C water.", "I have 14 m of rope. How warm is it?", []),
    ],
)
def test_unconverted_units_finds_a_copied_number_in_a_unit_it_was_not_converted_to(
    answer_text: str, question: str, expected: list[str]
) -> None:
    results = ["content: books, weight_g: 1250, volume_ml: 800", '{"water_c": 14.0}']
    assert unconverted_units(answer_text, results, question) == expected


def test_zero_is_the_same_in_most_units_and_is_left_alone() -> None:
    assert unconverted_units("No rain: 0 inches.", ["rain_mm: 0"], "Rain in inches?") == []


# ---- through the agent ------------------------------------------------------------------

QUESTION = "How many kilograms does parcel K-77 weigh?"


def test_a_copied_number_in_the_results_unit_is_sent_back_and_the_converted_answer_stands() -> None:
    fc, llm = agent(
        [
            call("parcel_info", code="K-77"),
            answer("Parcel K-77 weighs 1250 grams."),
            call("convert", value=1250, from_unit="g", to_unit="kg"),
            answer("Parcel K-77 weighs 1.25 kg."),
        ]
    )
    assert fc.run(QUESTION) == "Parcel K-77 weighs 1.25 kg."
    [done] = fc.last_result.interventions
    assert (done.check, done.action) == ("unconverted_units", "sent_back")
    assert done.answer == "Parcel K-77 weighs 1250 grams."
    assert "1250 g, not kg" in done.message
    assert len(llm.calls) == 4


def test_a_relabelled_temperature_is_sent_back() -> None:
    fc, _ = agent(
        [
            call("harbour_weather", harbour="Bergen"),
            answer("The water in Bergen is 14 degrees Fahrenheit."),
            call("convert", value=14, from_unit="c", to_unit="f"),
            answer("The water in Bergen is 57.2 °F."),
        ]
    )
    assert (
        fc.run("How warm is the water in Bergen, in Fahrenheit?")
        == "The water in Bergen is 57.2 °F."
    )
    assert [i.check for i in fc.last_result.interventions] == ["unconverted_units"]


def test_without_the_aids_the_copied_number_stands() -> None:
    fc, llm = agent(
        [call("parcel_info", code="K-77"), answer("Parcel K-77 weighs 1250 grams.")], aids=False
    )
    assert fc.run(QUESTION) == "Parcel K-77 weighs 1250 grams."
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 2


@pytest.mark.parametrize(
    ("question", "script", "final"),
    [
        (
            QUESTION,
            [
                call("parcel_info", code="K-77"),
                call("convert", value=1250, from_unit="g", to_unit="kg"),
            ],
            "Parcel K-77 weighs 1.25 kg (1250 g).",
        ),
        (QUESTION, [call("parcel_info", code="K-77")], "It weighs 1250 g, i.e. 1.25 kilograms."),
        ("How heavy is parcel K-77?", [call("parcel_info", code="K-77")], "It weighs 1250 g."),
        (
            "How high are the waves at Bergen, in feet? The pier is 3 m long.",
            [
                call("harbour_weather", harbour="Bergen"),
                call("convert", value=1.5, from_unit="m", to_unit="ft"),
            ],
            "The waves are 1.5 m, about 4.9 feet high.",
        ),
        (
            "卑尔根港今天的水温是多少摄氏度？",
            [call("harbour_weather", harbour="Bergen")],
            "卑尔根港今天的水温是14摄氏度。",
        ),
        (
            "What is in parcel K-77 and how much space does it take, in millilitres?",
            [call("parcel_info", code="K-77")],
            "Books, taking 800 ml.",
        ),
    ],
)
def test_answers_that_convert_or_keep_the_asked_unit_stand(
    question: str, script: list[str], final: str
) -> None:
    assert_answer_stands(question, script, final, tools())


def test_the_check_is_one_a_react_agent_can_be_given() -> None:
    from hello_agents.agents.aids.checks import UnconvertedUnits

    llm = ScriptedLLM(
        [
            "Thought: look it up.\nAction: parcel_info[K-77]",
            "Thought: done.\nAction: Finish[It weighs 1250 grams.]",
            'Thought: convert.\nAction: convert[{"value": 1250, "from_unit": "g", '
            '"to_unit": "kg"}]',
            "Thought: done.\nAction: Finish[It weighs 1.25 kg.]",
        ]
    )
    react = ReActAgent(
        "react", llm, tools(), small_model_aids=SmallModelAids(checks=[UnconvertedUnits()])
    )
    assert react.run(QUESTION) == "It weighs 1.25 kg."
    assert [i.check for i in react.last_result.interventions] == ["unconverted_units"]
