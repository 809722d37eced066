"""The real bundled models (MiniLM int8 through onnxruntime, SmolLM2 through llama.cpp)."""

import pytest

pytestmark = pytest.mark.models


def test_real_embedder_ranks_by_meaning(real_embedder):
    q, pune, python = real_embedder.embed(["Where does the user live?", "User lives in Pune", "User likes Python"])
    assert float(q @ pune) > float(q @ python)
    assert real_embedder.dim == 384


# The first 6 dimensions of three texts as fastembed 0.9 computed them with this model
# (mean pooling, L2 norm): the direct onnxruntime path must keep giving the same vectors.
REFERENCE = {
    "where does the user live": [0.07418, -0.01496, -0.01194, -0.06793, 0.00762, -0.01152],
    "Caroline: I went to a pride parade last Friday! [shares a photo]": [-0.01713, 0.11906, 0.00961, 0.01764,
                                                                         -0.00439, 0.02537],
    "Über café naïve, 東京 🙂": [0.08713, 0.02597, 0.05704, -0.02222, -0.03012, 0.00676],
}


def test_batch_and_one_text_give_the_reference_vectors(real_embedder):
    import numpy as np

    from memcli.embed import MiniLMEmbedder

    texts = ["where does the user live", "Caroline: I went to a pride parade last Friday! [shares a photo]", "",
             "word " * 700, "Über café naïve, 東京 🙂"]  # the long one is truncated at 512 tokens
    batch = real_embedder.embed(texts)  # padded to the longest text
    one = np.vstack([MiniLMEmbedder().embed_one(t) for t in texts])
    assert one.shape == (5, 384) and one.dtype == np.float32
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-5)
    assert np.abs(one - batch).max() < 1e-5  # padding changes nothing
    for text, head in REFERENCE.items():
        assert np.abs(batch[texts.index(text)][:6] - np.asarray(head)).max() < 1e-4, text


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
