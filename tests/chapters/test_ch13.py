"""Chapter 13's travel assistant runs as documented, offline, on the scripted model.

* a plan validates as ``TripPlan``; every place in it is one the map server returned,
  with the map's coordinates; dates, weather per day and the budget are the ones code
  computes; the three lookups run at once; no agent state passes between requests;
* a planner reply that does not validate gets a repair turn quoting the errors, and a
  planner that never gets it right is a clear error, never a made-up plan; an unknown
  city and a map server that cannot start are clear errors too;
* the HTTP API answers the tutorial's routes on a real server, and the page works in a
  real headless Chromium (submit, days and map, edit a day, export);
* the tutorial's own backend calls (MCPTool with ``server_command``, SimpleAgent,
  ``add_tool``, text tool calls, ``mcp_tool.run(call_tool)``) work on this package
  against the offline map server.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from _cdp import Browser
from _chapter_kit import (
    ROOT,
    assert_committed_without_outputs,
    assert_ran_cleanly,
    chapter_paths,
    execute_notebook,
    exercise_subject,
    output_text,
    run_python,
)

pytest.importorskip("mcp", reason='chapter 13 needs the MCP SDK: pip install -e ".[ch13]"')

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch13")
sys.path.insert(0, str(CHAPTER))

from trip_planner import MultiAgentTripPlanner, TripPlan, TripPlanningError, TripRequest  # noqa: E402
from trip_planner.planner import OFFLINE_MAP_COMMAND  # noqa: E402
from trip_planner.scripted import travel_reply  # noqa: E402

from hello_agents import HelloAgentsLLM, SimpleAgent  # noqa: E402
from hello_agents.mcp import MCPConnectionError  # noqa: E402
from hello_agents.mcp.amap_offline import OfflineMap  # noqa: E402
from hello_agents.testing import FakeOpenAIServer, ScriptedLLM, conformance  # noqa: E402
from hello_agents.tools import MCPTool  # noqa: E402

TODAY = "2026-05-01"  # the offline map's first forecast day in these tests
MAP = OfflineMap(today=date.fromisoformat(TODAY))


def hangzhou(**changes: Any) -> TripRequest:
    fields = {
        "city": "杭州",
        "start_date": "2026-05-02",
        "end_date": "2026-05-04",
        "preferences": ["历史文化"],
        "accommodation": "经济型酒店",
    }
    return TripRequest(**{**fields, **changes})


@pytest.fixture(scope="module")
def amap() -> Iterator[MCPTool]:
    """The offline map server, started as the chapter starts its server (one for the module)."""
    tool = MCPTool(
        name="amap",
        server_command=OFFLINE_MAP_COMMAND,
        env={"AMAP_OFFLINE_TODAY": TODAY},
        auto_expand=True,
    )
    yield tool
    tool.close()


def planner(amap: MCPTool, replies: Any = travel_reply, calls: int = 200) -> MultiAgentTripPlanner:
    return MultiAgentTripPlanner(ScriptedLLM([replies] * calls), amap)


def places_of(plan: TripPlan) -> list[tuple[str, float, float]]:
    """Every named place of a plan, with its coordinates."""
    found = []
    for day in plan.days:
        items = [*day.attractions, *day.meals, *([day.hotel] if day.hotel else [])]
        found += [(item.name, item.location.longitude, item.location.latitude) for item in items]
        found += [
            (stop.name, stop.location.longitude, stop.location.latitude) for stop in day.route
        ]
    return found


def map_places() -> dict[str, tuple[float, float]]:
    return {
        poi["name"]: tuple(float(x) for x in poi["location"].split(","))  # type: ignore[misc]
        for city in MAP.cities
        for poi in city["pois"]
    }


# ---- a plan -----------------------------------------------------------------------------------


def test_a_plan_validates_and_every_place_comes_from_the_map(amap: MCPTool) -> None:
    trips = planner(amap)
    plan = trips.plan_trip(hangzhou())
    # one call per lookup agent (its search answered: it is not asked to retell it), one plan
    assert len(trips.llm.calls) == 4  # type: ignore[attr-defined]
    assert TripPlan.model_validate(plan.model_dump()) == plan
    known = map_places()
    places = places_of(plan)
    assert places and all(known[name] == (lng, lat) for name, lng, lat in places)
    assert [day.date for day in plan.days] == ["2026-05-02", "2026-05-03", "2026-05-04"]
    assert all(1 <= len(day.attractions) <= 3 for day in plan.days)
    sights = [sight.name for day in plan.days for sight in day.attractions]
    assert len(sights) == len(set(sights))


def test_weather_dates_and_budget_are_computed_in_code(amap: MCPTool) -> None:
    plan = planner(amap).plan_trip(hangzhou(start_date="2026-05-03", end_date="2026-05-06"))
    # the map forecasts four days from 2026-05-01: the trip's last two days have none
    assert [w.date for w in plan.weather_info] == ["2026-05-03", "2026-05-04"]
    forecast = MAP.forecasts(MAP.city("杭州"))  # type: ignore[arg-type]
    assert plan.weather_info[0].day_temp == int(forecast[2]["daytemp"])
    budget = plan.budget
    assert budget is not None
    assert budget.total_attractions == sum(a.ticket_price for d in plan.days for a in d.attractions)
    assert budget.total_meals == sum(m.estimated_cost for d in plan.days for m in d.meals)
    nights = [d.hotel.estimated_cost for d in plan.days if d.hotel]
    assert budget.total_hotels == sum(nights) and len(nights) == 3  # four days, three nights
    assert budget.total == budget.total_attractions + budget.total_hotels + budget.total_meals + (
        budget.total_transportation
    )


def test_the_three_lookups_run_at_once(amap: MCPTool) -> None:
    # Each lookup agent's first model call waits here for the other two: run one
    # after the other, they would never meet and the barrier would break.
    meeting = threading.Barrier(3, timeout=20)

    def reply(request: dict[str, Any]) -> str:
        messages = request["messages"]
        lookup = "planner agent" not in messages[0]["content"]
        if lookup and not any(m["role"] == "assistant" for m in messages):
            meeting.wait()
        return travel_reply(request)

    plan = planner(amap, reply).plan_trip(hangzhou())
    assert not meeting.broken and len(plan.days) == 3


def test_no_agent_state_passes_from_one_request_to_the_next(amap: MCPTool) -> None:
    trips = planner(amap)
    trips.plan_trip(hangzhou())
    first = len(trips.llm.calls)  # type: ignore[attr-defined]
    trips.plan_trip(TripRequest(city="成都", start_date="2026-05-02", end_date="2026-05-03"))
    second = trips.llm.calls[first:]  # type: ignore[attr-defined]
    sent = json.dumps([call.messages for call in second], ensure_ascii=False)
    assert "杭州" not in sent and "成都" in sent


def test_a_planner_reply_that_does_not_validate_gets_a_repair_turn(amap: MCPTool) -> None:
    planned: list[str] = []

    def reply(request: dict[str, Any]) -> str:
        text = travel_reply(request)
        if "planner agent" in request["messages"][0]["content"] and not planned:
            planned.append(text)
            wrong = json.loads(text)
            wrong["days"][0]["attractions"] = ["A99"]  # a place that is not on the list
            return json.dumps(wrong)
        return text

    trips = planner(amap, reply)
    plan = trips.plan_trip(hangzhou())
    repair = trips.llm.last_call.last_user_message  # type: ignore[attr-defined]
    assert "days.0.attractions.0" in repair and "A99" in repair
    assert len(plan.days) == 3


def test_a_planner_that_never_validates_is_an_error_not_a_made_up_plan(amap: MCPTool) -> None:
    def reply(request: dict[str, Any]) -> str:
        if "planner agent" in request["messages"][0]["content"]:
            return "Day 1: the West Lake. Day 2: the Great Wall of Hangzhou."
        return travel_reply(request)

    with pytest.raises(TripPlanningError) as raised:
        planner(amap, reply).plan_trip(hangzhou())
    assert raised.value.stage == "plan"
    assert "3 attempt(s)" in str(raised.value)


def test_an_unknown_city_is_a_clear_error(amap: MCPTool) -> None:
    with pytest.raises(TripPlanningError) as raised:
        planner(amap).plan_trip(hangzhou(city="Atlantis"))
    assert raised.value.stage == "city" and "Atlantis" in str(raised.value)


def test_a_map_server_that_cannot_start_stops_the_planner_at_once() -> None:
    broken = MCPTool(name="amap", server_command=["uvx-is-not-installed", "amap-mcp-server"])
    with pytest.raises(MCPConnectionError, match="uvx-is-not-installed amap-mcp-server"):
        MultiAgentTripPlanner(ScriptedLLM([]), broken)


def test_a_request_whose_days_do_not_match_its_dates_is_refused() -> None:
    with pytest.raises(ValueError, match="travel_days is 2"):
        hangzhou(travel_days=2)


# ---- the HTTP API and the page ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def served(amap: MCPTool) -> Iterator[str]:
    import uvicorn
    from trip_planner.server import create_app

    app = create_app(planner(amap, calls=2000))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    return urllib.request.urlopen(request, timeout=60)


def test_the_api_answers_the_tutorials_routes(served: str) -> None:
    health = json.loads(urllib.request.urlopen(f"{served}/api/trip/health").read())
    assert health["status"] == "healthy" and health["map_server"]["tools_count"] == 16
    trip = {
        "city": "北京",
        "start_date": "2026-05-02",
        "end_date": "2026-05-03",
        "travel_days": 2,
        "preferences": ["博物馆"],
    }
    answer = json.loads(post(f"{served}/api/trip/plan", trip).read())
    assert answer["success"] is True
    assert TripPlan.model_validate(answer["data"]).city == "北京"
    with pytest.raises(urllib.error.HTTPError) as unknown:
        post(f"{served}/api/trip/plan", {**trip, "city": "Atlantis"})
    assert unknown.value.code == 502
    failure = json.loads(unknown.value.read())
    assert failure["success"] is False and failure["data"] is None and failure["stage"] == "city"
    with pytest.raises(urllib.error.HTTPError) as refused:
        post(f"{served}/api/trip/plan", {**trip, "end_date": "2026-05-01"})
    assert refused.value.code == 422


def stream_events(url: str, body: dict[str, Any]) -> list[tuple[str, Any]]:
    """The server-sent events of one streamed plan, as (event, data) pairs."""
    events = []
    with post(url, body) as response:
        assert response.headers["Content-Type"].startswith("text/event-stream")
        for frame in response.read().decode().split("\n\n"):
            lines = frame.strip().splitlines()
            if lines:
                name = lines[0].removeprefix("event: ")
                data = "\n".join(line.removeprefix("data: ") for line in lines[1:])
                events.append((name, json.loads(data)))
    return events


def test_the_stream_reports_each_step_then_the_plan_or_the_error(served: str) -> None:
    trip = {"city": "成都", "start_date": "2026-05-02", "end_date": "2026-05-03"}
    events = stream_events(f"{served}/api/trip/plan/stream", trip)
    stages = [data["stage"] for name, data in events if name == "progress"]
    assert stages[0] == "lookups" and stages[-3:] == ["planner", "planned", "done"]
    agents = [data["agent"] for name, data in events if data.get("stage") == "lookup"]
    assert sorted(agents) == ["attraction", "hotel", "weather"]
    assert stages.index("places") > max(i for i, stage in enumerate(stages) if stage == "lookup")
    name, answer = events[-1]
    assert name == "plan" and answer["success"] is True
    assert TripPlan.model_validate(answer["data"]).city == "成都"
    failed = stream_events(f"{served}/api/trip/plan/stream", {**trip, "city": "Atlantis"})
    assert failed[-1][0] == "error"
    assert failed[-1][1]["stage"] == "city" and "Atlantis" in failed[-1][1]["message"]
    assert failed[-1][1]["data"] is None
    with pytest.raises(urllib.error.HTTPError) as refused:
        post(f"{served}/api/trip/plan/stream", {**trip, "end_date": "2026-05-01"})
    assert refused.value.code == 422


def chromium() -> str:
    found = next((p for n in ("chromium", "chromium-browser") if (p := shutil.which(n))), None)
    if found is None:
        if os.environ.get("HELLO_AGENTS_REQUIRE_BROWSER") == "1":
            pytest.fail("no Chromium: apt-get install -y chromium")
        pytest.skip("no Chromium: apt-get install -y chromium")
    return found


def test_the_page_plans_shows_edits_and_exports_in_chromium(served: str, tmp_path: Path) -> None:
    with Browser(chromium(), tmp_path / "profile", height=1000) as browser:
        browser.open(f"{served}/?city=杭州&start_date=2026-05-02&end_date=2026-05-04")
        browser.wait_for("document.body.dataset.ready === 'yes'")
        browser.evaluate("document.querySelector('#submit').click()")
        state = browser.wait_for(
            "['done', 'error'].includes(document.body.dataset.state) "
            "&& document.body.dataset.state",
            timeout=30,
        )
        assert state == "done", browser.evaluate("document.querySelector('#error').textContent")
        shown = browser.evaluate(
            "[...document.querySelectorAll('#progress li')].map((li) => li.dataset.stage)"
        )
        assert shown[0] == "lookups" and shown.count("lookup") == 3
        assert shown[-3:] == ["planner", "planned", "done"]
        assert "规划智能体" in browser.evaluate("document.querySelector('#progress').textContent")
        assert browser.evaluate("document.querySelectorAll('#days .day').length") == 3
        assert browser.evaluate("document.querySelectorAll('#map polyline.route').length") == 3
        assert browser.evaluate("document.querySelectorAll('#map .stop.attraction').length") >= 3
        if os.environ.get("HELLO_AGENTS_CH13_SCREENSHOT"):  # the README's picture
            browser.screenshot(Path(os.environ["HELLO_AGENTS_CH13_SCREENSHOT"]))
        total_before = int(browser.evaluate("document.querySelector('#budget-total').textContent"))
        dropped = browser.evaluate("plan.days[0].attractions[1].ticket_price")
        # edit day 1: drop its second sight, rewrite its description, save
        browser.evaluate("document.querySelector('#days .day .edit').click()")
        browser.wait_for("document.querySelector('#edit-description') !== null")
        browser.evaluate("document.querySelectorAll('#days .drop')[1].click()")
        browser.evaluate("document.querySelector('#edit-description').value = '只看西湖，慢慢走。'")
        browser.evaluate("document.querySelector('#edit-save').click()")
        browser.wait_for("document.querySelector('#edit-description') === null")
        first_day = browser.evaluate("document.querySelector('#days .day').textContent")
        assert "只看西湖，慢慢走。" in first_day
        assert (
            browser.evaluate(
                "document.querySelectorAll('#days .day')[0].querySelectorAll('li').length"
            )
            == 1
        )
        total_after = int(browser.evaluate("document.querySelector('#budget-total').textContent"))
        assert total_after == total_before - dropped
        # export: the file the button saves is the edited plan, still a valid TripPlan
        browser.evaluate("document.querySelector('#export-json').click()")
        assert int(browser.wait_for("document.body.dataset.exported")) > 0
        exported = TripPlan.model_validate_json(browser.evaluate("exportText()"))
        assert exported.days[0].description == "只看西湖，慢慢走。"
        assert len(exported.days[0].attractions) == 1


def test_serve_starts_the_app_offline_as_the_readme_runs_it() -> None:
    import signal
    import subprocess

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    environment = {**os.environ, "HELLO_AGENTS_NO_DOTENV": "1", "AMAP_OFFLINE_TODAY": TODAY}
    environment.pop("AMAP_API_KEY", None)
    process = subprocess.Popen(
        [sys.executable, str(CHAPTER / "serve.py"), "--scripted", "--port", str(port)],
        cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        health: dict[str, Any] = {}
        while not health and time.monotonic() < deadline:
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            try:
                health = json.loads(urllib.request.urlopen(f"{base}/api/trip/health").read())
            except OSError:
                time.sleep(0.3)
        assert health["map_server"]["tools_count"] == 16
        assert "/static/app.js" in urllib.request.urlopen(f"{base}/").read().decode()
        trip = {"city": "杭州", "start_date": "2026-05-02", "end_date": "2026-05-02"}
        assert stream_events(f"{base}/api/trip/plan/stream", trip)[-1][0] == "plan"
    finally:
        process.send_signal(signal.SIGINT)  # Ctrl-C
        output, _ = process.communicate(timeout=30)
    assert "offline map server" in output and "map:     16 tools" in output
    assert f"app:     http://127.0.0.1:{port}/" in output


# ---- the tutorial's own backend, call for call ---------------------------------------------------


def test_the_tutorials_backend_calls_work_on_the_offline_map(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The calls of the tutorial's ``trip_planner_agent.py`` and ``amap_service.py``, unchanged:
    its ``server_command=["uvx", "amap-mcp-server"]`` finds the offline map's ``uvx`` first on
    PATH (``python -m hello_agents.mcp.amap_offline --uvx-shim DIR``, as the README says)."""
    if os.name == "nt":
        pytest.skip("the uvx shim is a POSIX shell script")
    written = run_python("-m", "hello_agents.mcp.amap_offline", "--uvx-shim", str(tmp_path))
    assert written.returncode == 0 and f"wrote {tmp_path / 'uvx'}" in written.stdout
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("LLM_API_KEY", "test-key")
        monkeypatch.setenv("LLM_MODEL_ID", "fake-model")
        server.add(
            "[TOOL_CALL:amap_maps_text_search:keywords=历史文化,city=北京]", "找到了故宫等景点。"
        )
        amap_tool = MCPTool(
            name="amap",
            description="高德地图服务",
            server_command=["uvx", "amap-mcp-server"],
            env={"AMAP_MAPS_API_KEY": "not-needed-offline"},
            auto_expand=True,
        )
        amap_tool.expandable = True  # as the tutorial's code sets it
        try:
            attraction_agent = SimpleAgent(
                name="景点搜索专家", llm=HelloAgentsLLM(), system_prompt="你是景点搜索专家。"
            )
            attraction_agent.add_tool(amap_tool)
            weather_agent = SimpleAgent(
                name="天气查询专家", llm=HelloAgentsLLM(), system_prompt="你是天气查询专家。"
            )
            weather_agent.add_tool(amap_tool)
            assert len(attraction_agent.list_tools()) == 16
            tools = {
                name for agent in (attraction_agent, weather_agent) for name in agent.list_tools()
            }
            assert len(tools) == 16  # the health route's de-duplicated count
            query = (
                "请使用amap_maps_text_search工具搜索北京的历史文化相关景点。\n"
                "[TOOL_CALL:amap_maps_text_search:keywords=历史文化,city=北京]"
            )
            assert attraction_agent.run(query) == "找到了故宫等景点。"
            sent = json.dumps(server.chat_requests[-1].body["messages"], ensure_ascii=False)
            assert "故宫博物院" in sent  # the tool's result went back to the model
            text = amap_tool.run(
                {
                    "action": "call_tool",
                    "tool_name": "maps_text_search",
                    "arguments": {"keywords": "故宫", "city": "北京", "citylimit": "true"},
                }
            )
            assert json.loads(text)["pois"][0]["name"] == "故宫博物院"
        finally:
            amap_tool.close()


def test_the_uvx_shim_starts_nothing_but_the_offline_map(tmp_path: Path) -> None:
    import subprocess

    if os.name == "nt":
        pytest.skip("the uvx shim is a POSIX shell script")
    from hello_agents.mcp.amap_offline import write_uvx_shim

    shim = write_uvx_shim(tmp_path / "bin")
    refused = subprocess.run([str(shim), "black"], capture_output=True, text=True, check=False)
    assert refused.returncode == 2 and "only starts the offline amap-mcp-server" in refused.stderr


# ---- the learner's path: examples, notebook, exercises ----------------------------------------

EXPECTED_OUTPUT = {
    "01_offline_map.py": "map: 16 tools",
    "02_structured_output.py": "validated: WeatherInfo(date='2026-05-02'",
    "03_plan_trip.py": "budget: ",
    "04_measure_plans.py": "plans: 10 of 10 validated as TripPlan",
}


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)), timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout


def test_the_measure_reports_no_invented_place() -> None:
    completed = run_python("chapters/ch13/examples/04_measure_plans.py", "--requests", "3")
    assert "places: " in completed.stdout and ", 0 not from the map" in completed.stdout


def test_the_notebook_runs_on_a_real_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    (notebook,) = NOTEBOOKS
    assert_committed_without_outputs(notebook)
    outputs = execute_notebook(notebook, monkeypatch, timeout=120)
    assert_ran_cleanly(outputs)
    text = output_text(outputs)
    assert "16 tools" in text and "Field required" in text and "total=" in text


TARGETS = {
    "my_weather_model.py": ("weather_model", "MyWeatherInfo"),
    "my_json_repair.py": ("json_repair", "my_structured"),
    "my_mcp_places.py": ("mcp_place_search", "find_places"),
}


@pytest.mark.parametrize("file", sorted(TARGETS))
def test_each_exercise_fails_as_a_skeleton_and_passes_as_solved(file: str) -> None:
    check, skeleton = exercise_subject(TARGETS, EXERCISES, file)
    assert not check(skeleton, raise_on_failure=False).ok
    check, solution = exercise_subject(TARGETS, EXERCISES / "solutions", file)
    assert check(solution, raise_on_failure=False).ok


def test_the_apps_own_pieces_pass_the_exercise_checks() -> None:
    from trip_planner.models import WeatherInfo

    from hello_agents.core.structured import generate_structured

    assert conformance.check_weather_model(WeatherInfo, raise_on_failure=False).ok
    repair = conformance.check_json_repair(
        lambda llm, question, model, repairs: generate_structured(
            llm, question, model, max_repairs=repairs
        ),
        raise_on_failure=False,
    )
    assert repair.ok


def test_an_exercise_file_checks_itself_from_the_command_line() -> None:
    completed = run_python("chapters/ch13/exercises/solutions/my_json_repair.py")
    assert completed.returncode == 0 and "5/5 all passed" in completed.stdout
