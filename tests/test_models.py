"""The real bundled models (MiniLM int8 through fastembed, SmolLM2 through llama.cpp)."""

import pytest

pytestmark = pytest.mark.models


def test_real_embedder_ranks_by_meaning(real_embedder):
    q, pune, python = real_embedder.embed(["Where does the user live?", "User lives in Pune", "User likes Python"])
    assert float(q @ pune) > float(q @ python)
    assert real_embedder.dim == 384


def test_one_text_path_equals_fastembed(real_embedder):
    import numpy as np

    from memcli.embed import MiniLMEmbedder

    texts = ["where does the user live", "Caroline: I went to a pride parade last Friday! [shares a photo]", "",
             "word " * 700, "Über café naïve, 東京 🙂"]  # the long one is truncated at 512 tokens on both paths
    batch = real_embedder.embed(texts)
    direct = MiniLMEmbedder()  # fastembed not loaded: one text goes through onnxruntime directly
    one = np.vstack([direct.embed_one(t) for t in texts])
    assert direct._single is not None and direct._model is None
    assert one.shape == (5, 384) and one.dtype == np.float32
    assert np.abs(one - batch).max() < 1e-5
    # a process that has fastembed loaded does not load the model a second time
    loaded = MiniLMEmbedder()
    loaded.embed(texts[:1])
    again = loaded.embed_one(texts[1])
    assert loaded._single is None
    assert np.abs(again - batch[1]).max() < 1e-5


def test_real_llm_returns_schema_valid_json(real_llm):
    schema = {
        "type": "object",
        "properties": {"op": {"type": "string", "enum": ["ADD", "UPDATE", "DELETE", "NOOP"]},
                       "id": {"type": "string", "maxLength": 8}},
        "required": ["op", "id"],
    }
    reply = real_llm.complete("Existing: [a1] User lives in Pune\nNew fact: User lives in Goa\nChoose an op.", schema,
                              max_tokens=40)
    assert reply["op"] in ("ADD", "UPDATE", "DELETE", "NOOP")
    assert isinstance(reply["id"], str) and len(reply["id"]) <= 8


def test_cut_off_reply_is_an_error_not_a_guess(real_llm):
    from memcli.errors import ModelError

    schema = {"type": "object", "properties": {"story": {"type": "string"}}, "required": ["story"]}
    with pytest.raises(ModelError, match="cut off"):
        real_llm.complete("Write a long story about a cat.", schema, max_tokens=5)


def test_store_with_real_embedder_recalls_by_meaning(tmp_path, real_embedder):
    from memcli.api import MemoryStore
    from memcli.recall import recall

    with MemoryStore(tmp_path / "r.db", real_embedder) as s:
        s.add("user:a", "User lives in Pune")
        s.add("user:a", "User likes Python")
        s.add("user:a", "User is allergic to peanuts")
        assert recall(s, "user:a", "which city is the user based in?", k=1).hits[0].memory.text == "User lives in Pune"
        assert recall(s, "user:a", "any allergies?", k=1).hits[0].memory.text == "User is allergic to peanuts"
