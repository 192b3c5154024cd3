"""The tutorial's own chapter 8-12 code, call for call, on this package, offline.

The Hello-Agents tutorial ships runnable files under ``code/chapter8`` ...
``code/chapter12``. Each test below makes the calls one of those files makes,
with the same arguments, and reads the results the way that file reads them
(a regex over the text, ``json.loads``, ``result["key"]``, ``response.content``).
The model is a FakeOpenAIServer reached through ``LLM_BASE_URL``/``LLM_API_KEY``/
``LLM_MODEL_ID``, as a learner's ``.env`` would configure a real one, so the
tutorial's ``HelloAgentsLLM()`` without arguments finds it. docs/tutorial-names.md
lists every name these files use.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from hello_agents import HelloAgentsLLM, SimpleAgent
from hello_agents.agents import FunctionCallAgent
from hello_agents.context import ContextBuilder, ContextConfig, ContextPacket
from hello_agents.core.message import Message
from hello_agents.testing import FakeOpenAIServer, ScriptItem, reply, tool_call, tool_calls
from hello_agents.tools import MemoryTool, NoteTool, RAGTool, TerminalTool
from hello_agents.tools.registry import ToolRegistry


def _last_user_text(body: dict[str, Any]) -> str:
    users = [m for m in body.get("messages", []) if m.get("role") == "user"]
    content = users[-1].get("content", "") if users else ""
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


@pytest.fixture
def model_from_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeOpenAIServer]:
    """A scripted model configured only through the environment, as by a ``.env``.

    The test runs in its own folder: the tutorial's tools write ``./memory_data``,
    ``./evaluation_results`` and note folders where they are started.
    """
    monkeypatch.chdir(tmp_path)
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("LLM_API_KEY", "test-key")
        monkeypatch.setenv("LLM_MODEL_ID", "fake-model")
        # The tutorial's first embedding option: no vectors, lexical search.
        monkeypatch.setenv("EMBED_MODEL_TYPE", "tfidf")
        yield server


# ---- chapter 8: memory and RAG ---------------------------------------------------------


def test_rag_tool_without_llm_asks_the_model_the_environment_configures(
    model_from_env: FakeOpenAIServer, tmp_path: Path
) -> None:
    # 05_RAGTool_Advanced_Search.py / 07_RAGTool_Intelligent_QA.py: no llm= anywhere.
    def answer(body: dict[str, Any]) -> ScriptItem:
        prompt = _last_user_text(body)
        if "Transformer" in prompt and "1." not in prompt and "rephras" in prompt.lower():
            return "1. Transformer attention\n2. self-attention heads"
        return "Self-attention lets every position look at every other one."

    model_from_env.responder = answer
    rag_tool = RAGTool(
        knowledge_base_path=str(tmp_path / "advanced_search_kb"),
        rag_namespace="advanced_search_demo",
    )
    rag_tool.run(
        {
            "action": "add_text",
            "text": "# Transformer\n\n## Attention\nSelf-attention relates positions.",
            "document_id": "transformer_architecture",
        }
    )
    hyde_result = rag_tool.run(
        {
            "action": "ask",
            "question": "Transformer相比RNN有什么优势？",
            "limit": 3,
            "enable_advanced_search": True,
        }
    )
    assert "No LLM is configured" not in hyde_result
    assert "Self-attention lets every position" in hyde_result[:300]
    # MQE, HyDE and the answer itself all reached the configured model.
    assert len(model_from_env.chat_requests) >= 3

    qa_result = rag_tool.run(
        {
            "action": "ask",
            "question": "Self-attention relates what?",
            "limit": 4,
            "include_citations": True,
        }
    )
    assert "transformer_architecture" in qa_result


def test_rag_tool_with_no_model_configured_answers_from_the_passages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    rag_tool = RAGTool(knowledge_base_path=str(tmp_path / "kb"), rag_namespace="demo")
    rag_tool.run({"action": "add_text", "text": "Kettles boil water.", "document_id": "k"})
    answer = rag_tool.run({"action": "ask", "question": "What boils water?", "limit": 2})
    assert answer.startswith("No LLM is configured")  # and no embedded model was started
    assert rag_tool.pipeline.llm is None


def test_memory_tool_lists_a_kind_with_an_empty_query(
    model_from_env: FakeOpenAIServer,
) -> None:
    # 06_Memory_Consolidation_Demo.py: consolidate, then list episodic memories.
    memory_tool = MemoryTool(
        user_id="consolidation_demo_user",
        memory_types=["working", "episodic", "semantic", "perceptual"],
    )
    for content, importance in (("学习了Transformer架构的基本原理", 0.9), ("喝了一杯咖啡", 0.2)):
        memory_tool.run(
            {
                "action": "add",
                "content": content,
                "memory_type": "working",
                "importance": importance,
                "topic": "deep_learning",
            }
        )
    consolidation_result = memory_tool.run(
        {
            "action": "consolidate",
            "from_type": "working",
            "to_type": "episodic",
            "importance_threshold": 0.6,
        }
    )
    assert "1" in consolidation_result
    episodic_search = memory_tool.run(
        {"action": "search", "query": "", "memory_type": "episodic", "limit": 5}
    )
    assert "Transformer" in episodic_search and "咖啡" not in episodic_search
    assert not episodic_search.startswith("Error")


# ---- chapter 9: context engineering ----------------------------------------------------


def test_note_tool_create_prints_an_id_line_the_code_reads(tmp_path: Path) -> None:
    note_tool = NoteTool(workspace=str(tmp_path / "project_notes"))
    result = note_tool.run(
        {
            "action": "create",
            "title": "重构计划",
            "content": "## 问题\n依赖冲突",
            "note_type": "blocker",
            "tags": ["my_project", "auto_generated"],
        }
    )
    match = re.search(r"ID: (note_\w+)", result)
    assert match is not None
    note_id = match.group(1)
    read = note_tool.run({"action": "read", "note_id": note_id})
    assert "依赖冲突" in read


class ProjectAssistant(SimpleAgent):
    """04_note_tool_integration.py's subclass, reduced to the calls it makes."""

    def __init__(self, name: str, project_name: str, workspace: Path, **kwargs: Any) -> None:
        llm = HelloAgentsLLM()
        super().__init__(name=name, llm=llm, **kwargs)
        self.project_name = project_name
        self.note_tool = NoteTool(workspace=str(workspace))
        self.context_builder = ContextBuilder(config=ContextConfig(max_tokens=4000))
        self.conversation_history: list[Message] = []

    def run(self, user_input: str, note_as_action: bool = False) -> str:  # type: ignore[override]
        blockers = json.loads(
            self.note_tool.run({"action": "list", "note_type": "blocker", "limit": 2}).split(
                "  (", 1
            )[0]
        )
        packets = [
            ContextPacket(
                content=f"[笔记:{note['title']}]\n{note.get('content', '')}",
                timestamp=datetime.fromisoformat(note["updated_at"]),
                token_count=len(note.get("content", "")) // 4,
                relevance_score=0.75,
                metadata={"type": "note", "note_id": note.get("note_id") or note.get("id")},
            )
            for note in blockers
        ]
        optimized_context = self.context_builder.build(
            user_query=user_input,
            conversation_history=self.conversation_history,
            system_instructions=f"你是 {self.project_name} 项目的长期助手。",
            additional_packets=packets,
        )
        messages = [
            {"role": "system", "content": optimized_context},
            {"role": "user", "content": user_input},
        ]
        response = self.llm.invoke(messages)
        if note_as_action:
            self.note_tool.run(
                {
                    "action": "create",
                    "title": f"{user_input[:30]}...",
                    "content": f"## 问题\n{user_input}\n\n## 分析\n{response}",
                    "note_type": "blocker",
                    "tags": [self.project_name, "auto_generated"],
                }
            )
        self.conversation_history.append(
            Message(content=user_input, role="user", timestamp=datetime.now())
        )
        self.conversation_history.append(
            Message(content=response, role="assistant", timestamp=datetime.now())
        )
        return response


def test_project_assistant_reads_invoke_as_text_and_as_content(
    model_from_env: FakeOpenAIServer, tmp_path: Path
) -> None:
    model_from_env.add("先解决依赖冲突。", "按笔记里的阻塞问题处理。")
    assistant = ProjectAssistant(
        name="项目助手",
        project_name="data_pipeline_refactoring",
        workspace=tmp_path / "data_pipeline_refactoring_notes",
    )
    response = assistant.run("遇到了依赖版本冲突的问题", note_as_action=True)
    # Chapter 7 code treats invoke's result as a str, the newest chapter 9 code
    # reads response.content: both hold.
    assert response == "先解决依赖冲突。" and response.content == "先解决依赖冲突。"  # type: ignore[attr-defined]
    assert f"助手回答: {response}" == "助手回答: 先解决依赖冲突。"
    second = assistant.run("该如何继续?")
    assert second.content == "按笔记里的阻塞问题处理。"  # type: ignore[attr-defined]
    # The blocker note written by the first turn reached the second turn's context.
    system = model_from_env.chat_requests[1].body["messages"][0]["content"]
    assert "遇到了依赖版本冲突的问题" in system
    summary = assistant.note_tool.run({"action": "summary"})
    assert json.loads(summary)["total_notes"] == 1


def test_codebase_maintainer_wiring_runs_a_terminal_call(
    model_from_env: FakeOpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # codebase_maintainer.py, with a codebase folder that does not exist yet.
    monkeypatch.chdir(tmp_path)
    model_from_env.add(tool_calls(tool_call("terminal", {"command": "ls -la"})))
    # The answer quotes what the command printed, as a real model's would.
    model_from_env.responder = lambda body: reply(
        "The listing says: " + body["messages"][-1]["content"].splitlines()[0]
    )
    memory_tool = MemoryTool(user_id="my_flask_app", memory_types=["working"])
    note_tool = NoteTool(workspace="./my_flask_app_notes")
    terminal_tool = TerminalTool(workspace="./my_flask_app", timeout=60)
    context_builder = ContextBuilder(
        memory_tool=memory_tool,
        rag_tool=None,
        config=ContextConfig(
            max_tokens=4000, reserve_ratio=0.15, min_relevance=0.2, enable_compression=True
        ),
    )
    tool_registry = ToolRegistry()
    tool_registry.register_tool(terminal_tool)
    tool_registry.register_tool(note_tool)
    tool_registry.register_tool(memory_tool)
    agent = FunctionCallAgent(
        name="CodebaseMaintainer",
        llm=HelloAgentsLLM(),
        system_prompt="你是 my_flask_app 项目的代码库维护助手。",
        tool_registry=tool_registry,
        enable_tool_calling=True,
        max_tool_iterations=30,
    )
    assert tool_registry.list_tools() == ["terminal", "note", "memory"]
    context = context_builder.build(
        user_query="请探索 . 的代码结构",
        conversation_history=[],
        system_instructions="探索代码库",
        additional_packets=[],
    )
    agent.system_prompt = context
    response = agent.run("请探索 . 的代码结构，了解项目组织方式")
    assert response.startswith("The listing says: ")
    tool_reply = model_from_env.chat_requests[1].body["messages"][-1]
    assert tool_reply["role"] == "tool" and "Error" not in tool_reply["content"]
    assert (tmp_path / "my_flask_app").is_dir()
    # Its _track_tool_usage counts the tool messages of the run's last ten messages.
    recent = agent.message_history[-10:]
    assert [msg.role for msg in recent] == ["user", "assistant", "tool", "assistant"]
    assert recent[2].content == tool_reply["content"]
    assert sum(1 for msg in recent if msg.role == "tool") == 1


def test_codebase_maintainer_local_patches_leave_the_agent_alone(
    model_from_env: FakeOpenAIServer,
) -> None:
    # The newer codebase_maintainer.py starts with hello_agents_local_patches.apply(),
    # which replaces FunctionCallAgent.run with one built on the reference package's
    # internals unless the class already has ``_reasoning_fields_from_assistant`` (a
    # package that sends a thinking model's reasoning back itself, as this one does).
    class ThinkingMessage:
        reasoning_content = "the user wants the files listed"

    helper = getattr(FunctionCallAgent, "_reasoning_fields_from_assistant", None)
    assert helper is not None  # the patch's own test: "if getattr(...): return"
    assert helper(ThinkingMessage()) == {"reasoning_content": "the user wants the files listed"}
    assert helper(object()) == {}
    agent = FunctionCallAgent(
        name="CodebaseMaintainer",
        llm=HelloAgentsLLM(),
        system_prompt="maintainer",
        tool_registry=ToolRegistry(),
        enable_tool_calling=True,
        max_tool_iterations=30,
    )
    model_from_env.add(reply("Nothing to do.", reasoning_content="short"))
    assert agent.run("hello") == "Nothing to do."


# ---- chapter 10: protocols -------------------------------------------------------------


def test_mcp_tool_added_to_an_agent_without_a_reference_keeps_its_server(
    model_from_env: FakeOpenAIServer,
) -> None:
    pytest.importorskip("mcp", reason='chapter 10 needs its extra: pip install -e ".[ch10]"')
    from hello_agents.tools import MCPTool

    # 05_UseMCPToolInAgent.py, but the tool is never kept in a variable.
    agent = SimpleAgent(name="助手", llm=HelloAgentsLLM())
    agent.add_tool(MCPTool())
    gc.collect()  # the MCPTool itself is unreachable now; its expanded tools are not
    model_from_env.add('[TOOL_CALL:mcp_add:{"a": 123, "b": 456}]', "123 + 456 = 579")
    response = agent.run("计算 123 + 456")
    assert response == "123 + 456 = 579"
    observation = json.dumps(model_from_env.chat_requests[1].body["messages"], ensure_ascii=False)
    assert "579" in observation and "connection attempts failed" not in observation


def test_protocol_tools_smoke_test_of_01_test_connect() -> None:
    pytest.importorskip("mcp", reason='chapter 10 needs its extra: pip install -e ".[ch10]"')
    from hello_agents.tools import A2ATool, ANPTool, MCPTool

    with MCPTool() as mcp_tool:
        result = mcp_tool.run(
            {"action": "call_tool", "tool_name": "add", "arguments": {"a": 10, "b": 20}}
        )
    assert result.startswith("30")
    anp_tool = ANPTool()
    anp_tool.run(
        {
            "action": "register_service",
            "service_id": "calculator",
            "service_type": "math",
            "endpoint": "http://localhost:8080",
        }
    )
    services = anp_tool.run({"action": "discover_services"})
    assert "calculator" in services
    A2ATool("http://localhost:5000")  # constructing it contacts nobody


def test_a2a_tool_in_a_coordinator_as_10_a2a_tool_simple_uses_it(
    model_from_env: FakeOpenAIServer,
) -> None:
    pytest.importorskip("a2a", reason='chapter 10 needs its extra: pip install -e ".[ch10]"')
    from hello_agents.protocols import A2AServer
    from hello_agents.tools import A2ATool

    researcher = A2AServer(name="researcher", description="研究员")

    @researcher.skill("research")
    def research(text: str) -> str:
        return f"研究结果：{text}"

    with researcher.start() as running:
        coordinator = SimpleAgent(name="协调者", llm=HelloAgentsLLM())
        researcher_tool = A2ATool(agent_url=running.url)
        coordinator.add_tool(researcher_tool)
        # A small model puts the question into the optional skill argument.
        model_from_env.add(
            '[TOOL_CALL:a2a:{"action": "ask", "skill": "请研究AI在教育领域的应用"}]',
            "研究员已回复。",
        )
        response = coordinator.run("使用a2a工具，向Agent提问：请研究AI在教育领域的应用")
        researcher_tool.close()
    assert response == "研究员已回复。"
    observation = json.dumps(model_from_env.chat_requests[1].body["messages"], ensure_ascii=False)
    assert "研究结果：请研究AI在教育领域的应用" in observation


def test_memory_added_without_a_kind_tells_the_agent_it_lasts_one_session(
    model_from_env: FakeOpenAIServer,
) -> None:
    # first_trial2.py's agent: "remember my name" through a MemoryTool in the registry.
    agent = SimpleAgent(name="记忆助手", llm=HelloAgentsLLM())
    tool_registry = ToolRegistry()
    tool_registry.register_tool(MemoryTool(user_id="user123"))
    agent.tool_registry = tool_registry
    model_from_env.add(
        '[TOOL_CALL:memory:{"action": "add", "content": "用户叫张三，是Python开发者"}]',
        '[TOOL_CALL:memory:{"action": "add", "content": "用户叫张三，是Python开发者", '
        '"memory_type": "episodic"}]',
        "好的，张三，我记住了。",
    )
    agent.run("你好！请记住我叫张三，我是一名Python开发者")
    first = json.dumps(model_from_env.chat_requests[1].body["messages"], ensure_ascii=False)
    assert "Working memory lasts for this session only" in first
    # the next run (a new tool on the same ./memory_data) finds what was stored durably
    later = MemoryTool(user_id="user123")
    assert "张三" in later.run({"action": "search", "query": "张三"})
    assert "[episodic]" in later.run({"action": "search", "query": "张三"})


# ---- chapter 12: evaluation ------------------------------------------------------------


def _judge_reply(body: dict[str, Any]) -> ScriptItem:
    prompt = _last_user_text(body)
    if '"winner"' in prompt or "winner" in prompt.lower():
        return '{"winner": "A", "reason": "clearer"}'
    example = re.search(r"\{.*\}", prompt.split("of this form:", 1)[-1], re.DOTALL)
    scores = json.loads(example.group(0)) if example else {}
    return json.dumps(
        {key: (4 if key != "reasoning" else "Well posed.") for key in scores}, ensure_ascii=False
    )


PROBLEMS = [
    {
        "problem_id": "generated_001",
        "problem": "In triangle ABC, AB = 13, BC = 14, CA = 15. Find its area.",
        "answer": "84",
        "solution": "Heron's formula with s = 21.",
    }
]


def test_llm_judge_as_08_data_generation_llm_judge_reads_it(
    model_from_env: FakeOpenAIServer,
) -> None:
    from hello_agents.evaluation import LLMJudgeEvaluator

    model_from_env.responder = _judge_reply
    judge = LLMJudgeEvaluator(llm=HelloAgentsLLM())
    result = judge.evaluate_single(PROBLEMS[0])
    scores = result.get("scores", {})
    assert [scores.get(k, 0) for k in ("correctness", "clarity")] == [4, 4]
    assert [scores.get(k, 0) for k in ("difficulty_match", "completeness")] == [4, 4]
    assert f"{result.get('total_score', 0):.2f}" == "4.00"
    assert "Well posed." in result.get("evaluation_text", "")


def test_win_rate_with_reference_problems_given_up_front(
    model_from_env: FakeOpenAIServer,
) -> None:
    from hello_agents.evaluation import WinRateEvaluator

    model_from_env.responder = _judge_reply
    reference_problems = [dict(PROBLEMS[0], problem_id="aime_ref_1")]
    evaluator = WinRateEvaluator(
        llm=HelloAgentsLLM(), reference_problems=reference_problems, judge_model="fake-model"
    )
    result = evaluator.evaluate(PROBLEMS, num_comparisons=1)
    assert result["total_comparisons"] == 1
    assert result["wins"] + result["ties"] + result["losses"] == 1
    assert {"win_rate", "tie_rate", "loss_rate"} <= set(result)


def test_bfcl_quick_start_and_export_results(
    model_from_env: FakeOpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hello_agents.evaluation import BFCLEvaluator
    from hello_agents.tools import BFCLEvaluationTool

    monkeypatch.chdir(tmp_path)
    model_from_env.responder = lambda body: "I cannot call functions."
    agent = SimpleAgent(name="TestAgent", llm=HelloAgentsLLM())
    results = BFCLEvaluationTool().run(agent=agent, category="simple_python", max_samples=5)
    assert f"{results['overall_accuracy']:.2%}" == "0.00%"
    assert f"{results['correct_samples']}/{results['total_samples']}" == "0/5"

    evaluator = BFCLEvaluator(category="simple_python")
    evaluated = evaluator.evaluate(agent, max_samples=1)
    written = evaluator.export_results(evaluated, "evaluation_results/bfcl_results.json")
    assert json.loads(Path(written).read_text(encoding="utf-8"))["total_samples"] == 1
