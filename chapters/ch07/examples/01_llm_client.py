"""Chapter 7.2: HelloAgentsLLM, one client for any OpenAI-compatible API.

Part 1 shows how the provider is detected (nothing is sent: we only build
clients). Part 2 calls a model: invoke() returns text, think() streams it.

Run:  python chapters/ch07/examples/01_llm_client.py
"""

from example_llm import banner, make_llm

from hello_agents import HelloAgentsLLM

# ---- Part 1: provider detection ---------------------------------------------------
# `env=` replaces os.environ for this demo, so your own .env does not interfere.
situations = {
    "a DeepSeek key": {"DEEPSEEK_API_KEY": "sk-demo"},
    "a local Ollama URL": {"LLM_BASE_URL": "http://localhost:11434/v1", "LLM_API_KEY": "x"},
    "a ModelScope-style key": {"LLM_API_KEY": "ms-demo", "LLM_BASE_URL": "https://example.com"},
    # The tutorial's trap: a provider variable beats the URL, so this is openai...
    "OpenAI key + Ollama URL": {
        "OPENAI_API_KEY": "sk-demo",
        "LLM_BASE_URL": "http://localhost:11434/v1",
    },
}
for label, env in situations.items():
    llm = HelloAgentsLLM(env=env)
    print(f"{label:26} -> provider={llm.provider:10} base_url={llm.base_url}")
# ...but the OpenAI key is never sent to that local URL (a warning says so).

# Explicit arguments always win over the environment:
llm = HelloAgentsLLM(provider="vllm", model="Qwen2.5-7B", env={"DEEPSEEK_API_KEY": "sk-demo"})
print("explicit provider         ->", llm.describe()["provider"], llm.base_url)

# ---- Part 2: calling a model ------------------------------------------------------
llm = make_llm(["Agents observe, think and act.", "An agent is a loop around a model."])
print(banner(llm))
question = [{"role": "user", "content": "Describe an AI agent in one short sentence."}]

print("invoke():", llm.invoke(question))

# think() yields the answer piece by piece; printing is up to you (it prints nothing).
print("think(): ", end="")
for chunk in llm.think(question):
    print(chunk, end="", flush=True)
print()
