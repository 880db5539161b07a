// Every ComfyUI node our shipped workflows use, as its node pack defines it: the class_type it is
// registered under (NODE_CLASS_MAPPINGS, or a V3 node's `node_id`), its inputs with their types
// (INPUT_TYPES / define_schema) and its output types (RETURN_TYPES). Each pack names the repository
// and the commit the entries were read from, each node the file; read by hand, not copied.
// validate.ts checks the workflows against it, the pre-flight (preflight.ts) compares it with a real
// server's /object_info, and the tests' fake ComfyUI answers /prompt and /object_info from it.

/**
 * An input: a type ('IMAGE', 'INT'; 'FLOAT,INT' is a union, as VideoHelperSuite's MultiInput
 * accepts either), a fixed list of choices, the files of a models folder (the server's own list:
 * the pre-flight reads it from /object_info), or a file in ComfyUI's input/ folder (our upload:
 * the message is what the node's VALIDATE_INPUTS answers when the file is not there).
 */
export type InputSpec = string | { choices: readonly (string | number)[] } | { models: string } | { upload: string };

export interface NodeSpec {
  /** Key of PACKS. */
  pack: PackId;
  /** The file in the pack's repository the entry was read from. */
  source: string;
  required: Readonly<Record<string, InputSpec>>;
  optional?: Readonly<Record<string, InputSpec>>;
  /** RETURN_TYPES, in slot order. */
  outputs: readonly string[];
  /** OUTPUT_NODE: ComfyUI runs what an output node needs and nothing else. */
  output?: true;
}

export interface NodePack {
  /** As ComfyUI-Manager lists it. */
  name: string;
  repository: string;
  /** The commit read, and its date. */
  commit: string;
  date: string;
}

export const PACKS = {
  core: { name: 'ComfyUI (core nodes)', repository: 'https://github.com/Comfy-Org/ComfyUI', commit: 'a125cd84b054a57729b5eecab930ca9408719832', date: '2025-10-12' },
  videoHelperSuite: { name: 'ComfyUI-VideoHelperSuite', repository: 'https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite', commit: '4ee72c065db22c9d96c2427954dc69e7b908444b', date: '2026-05-13' },
  museTalk: { name: 'ComfyUI-MuseTalk-KJ', repository: 'https://github.com/kijai/ComfyUI-MuseTalk-KJ', commit: 'fe908e93ea08d3b3303362c3e19928351f53234b', date: '2024-04-05' },
  layerStyleAdvance: { name: 'ComfyUI_LayerStyle_Advance', repository: 'https://github.com/chflame163/ComfyUI_LayerStyle_Advance', commit: '7b678b401a38307a4a7e99ef6630bd48f9cecedb', date: '2026-04-08' },
  catVton: { name: 'ComfyUI_CatVTON_Wrapper', repository: 'https://github.com/chflame163/ComfyUI_CatVTON_Wrapper', commit: 'e2ae9b62c53a7c2e009f2448975c6909c83f73b5', date: '2025-01-01' },
  reactor: { name: 'comfyui-reactor-node', repository: 'https://github.com/Gourieff/comfyui-reactor-node', commit: '3ea587d8638821efc2d8a393660058746b3100c2', date: '2025-01-02' },
  instantId: { name: 'ComfyUI_InstantID', repository: 'https://github.com/cubiq/ComfyUI_InstantID', commit: '1ef34ef573581bd9727c1e0ac05aa956b356a510', date: '2024-09-30' },
} as const satisfies Record<string, NodePack>;
export type PackId = keyof typeof PACKS;

// comfy/samplers.py: KSAMPLER_NAMES + ['ddim', 'uni_pc', 'uni_pc_bh2'], and SCHEDULER_HANDLERS' keys.
const SAMPLERS = [
  'euler', 'euler_cfg_pp', 'euler_ancestral', 'euler_ancestral_cfg_pp', 'heun', 'heunpp2', 'dpm_2', 'dpm_2_ancestral', 'lms', 'dpm_fast', 'dpm_adaptive',
  'dpmpp_2s_ancestral', 'dpmpp_2s_ancestral_cfg_pp', 'dpmpp_sde', 'dpmpp_sde_gpu', 'dpmpp_2m', 'dpmpp_2m_cfg_pp', 'dpmpp_2m_sde', 'dpmpp_2m_sde_gpu',
  'dpmpp_2m_sde_heun', 'dpmpp_2m_sde_heun_gpu', 'dpmpp_3m_sde', 'dpmpp_3m_sde_gpu', 'ddpm', 'lcm', 'ipndm', 'ipndm_v', 'deis', 'res_multistep',
  'res_multistep_cfg_pp', 'res_multistep_ancestral', 'res_multistep_ancestral_cfg_pp', 'gradient_estimation', 'gradient_estimation_cfg_pp', 'er_sde',
  'seeds_2', 'seeds_3', 'sa_solver', 'sa_solver_pece', 'ddim', 'uni_pc', 'uni_pc_bh2',
];
const SCHEDULERS = ['simple', 'sgm_uniform', 'karras', 'exponential', 'ddim_uniform', 'beta', 'normal', 'linear_quadratic', 'kl_optimal'];
// videohelpersuite/nodes.py get_video_formats(): the two image formats, then 'video/<name>' for each video_formats/*.json.
const VHS_FORMATS = ['image/gif', 'image/webp', ...['16bit-png', '8bit-png', 'ProRes', 'av1-webm', 'ffmpeg-gif', 'ffv1-mkv', 'gifski', 'h264-mp4', 'h265-mp4', 'nvenc_av1-mp4', 'nvenc_h264-mp4', 'nvenc_hevc-mp4', 'webm'].map((f) => `video/${f}`)];

export const CATALOGUE: Readonly<Record<string, NodeSpec>> = {
  // --- core: nodes.py
  LoadImage: { pack: 'core', source: 'nodes.py', required: { image: { upload: 'Invalid image file' } }, outputs: ['IMAGE', 'MASK'] },
  SaveImage: { pack: 'core', source: 'nodes.py', required: { images: 'IMAGE', filename_prefix: 'STRING' }, outputs: [], output: true },
  CheckpointLoaderSimple: { pack: 'core', source: 'nodes.py', required: { ckpt_name: { models: 'checkpoints' } }, outputs: ['MODEL', 'CLIP', 'VAE'] },
  EmptyLatentImage: { pack: 'core', source: 'nodes.py', required: { width: 'INT', height: 'INT', batch_size: 'INT' }, outputs: ['LATENT'] },
  CLIPTextEncode: { pack: 'core', source: 'nodes.py', required: { text: 'STRING', clip: 'CLIP' }, outputs: ['CONDITIONING'] },
  KSampler: {
    pack: 'core', source: 'nodes.py',
    required: { model: 'MODEL', seed: 'INT', steps: 'INT', cfg: 'FLOAT', sampler_name: { choices: SAMPLERS }, scheduler: { choices: SCHEDULERS }, positive: 'CONDITIONING', negative: 'CONDITIONING', latent_image: 'LATENT', denoise: 'FLOAT' },
    outputs: ['LATENT'],
  },
  VAEDecode: { pack: 'core', source: 'nodes.py', required: { samples: 'LATENT', vae: 'VAE' }, outputs: ['IMAGE'] },
  VAELoader: { pack: 'core', source: 'nodes.py', required: { vae_name: { models: 'vae' } }, outputs: ['VAE'] },
  ControlNetLoader: { pack: 'core', source: 'nodes.py', required: { control_net_name: { models: 'controlnet' } }, outputs: ['CONTROL_NET'] },
  UNETLoader: { pack: 'core', source: 'nodes.py', required: { unet_name: { models: 'diffusion_models' }, weight_dtype: { choices: ['default', 'fp8_e4m3fn', 'fp8_e4m3fn_fast', 'fp8_e5m2'] } }, outputs: ['MODEL'] },
  CLIPLoader: {
    pack: 'core', source: 'nodes.py',
    required: { clip_name: { models: 'text_encoders' }, type: { choices: ['stable_diffusion', 'stable_cascade', 'sd3', 'stable_audio', 'mochi', 'ltxv', 'pixart', 'cosmos', 'lumina2', 'wan', 'hidream', 'chroma', 'ace', 'omnigen2', 'qwen_image', 'hunyuan_image'] } },
    optional: { device: { choices: ['default', 'cpu'] } },
    outputs: ['CLIP'],
  },
  CLIPVisionLoader: { pack: 'core', source: 'nodes.py', required: { clip_name: { models: 'clip_vision' } }, outputs: ['CLIP_VISION'] },
  CLIPVisionEncode: { pack: 'core', source: 'nodes.py', required: { clip_vision: 'CLIP_VISION', image: 'IMAGE', crop: { choices: ['center', 'none'] } }, outputs: ['CLIP_VISION_OUTPUT'] },
  ConditioningZeroOut: { pack: 'core', source: 'nodes.py', required: { conditioning: 'CONDITIONING' }, outputs: ['CONDITIONING'] },
  ImageScale: {
    pack: 'core', source: 'nodes.py',
    required: { image: 'IMAGE', upscale_method: { choices: ['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos'] }, width: 'INT', height: 'INT', crop: { choices: ['disabled', 'center'] } },
    outputs: ['IMAGE'],
  },
  EmptyImage: { pack: 'core', source: 'nodes.py', required: { width: 'INT', height: 'INT', batch_size: 'INT', color: 'INT' }, outputs: ['IMAGE'] },
  // --- core: comfy_extras/
  ImageCompositeMasked: { pack: 'core', source: 'comfy_extras/nodes_mask.py', required: { destination: 'IMAGE', source: 'IMAGE', x: 'INT', y: 'INT', resize_source: 'BOOLEAN' }, optional: { mask: 'MASK' }, outputs: ['IMAGE'] },
  ModelSamplingSD3: { pack: 'core', source: 'comfy_extras/nodes_model_advanced.py', required: { model: 'MODEL', shift: 'FLOAT' }, outputs: ['MODEL'] },
  WanImageToVideo: {
    pack: 'core', source: 'comfy_extras/nodes_wan.py',
    required: { positive: 'CONDITIONING', negative: 'CONDITIONING', vae: 'VAE', width: 'INT', height: 'INT', length: 'INT', batch_size: 'INT' },
    optional: { clip_vision_output: 'CLIP_VISION_OUTPUT', start_image: 'IMAGE' },
    outputs: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
  },
  CreateVideo: { pack: 'core', source: 'comfy_extras/nodes_video.py', required: { images: 'IMAGE', fps: 'FLOAT' }, optional: { audio: 'AUDIO' }, outputs: ['VIDEO'] },
  SaveVideo: {
    pack: 'core', source: 'comfy_extras/nodes_video.py (VideoContainer, VideoCodec: comfy_api/latest/_util/video_types.py)',
    required: { video: 'VIDEO', filename_prefix: 'STRING', format: { choices: ['auto', 'mp4'] }, codec: { choices: ['auto', 'h264'] } },
    outputs: [], output: true,
  },
  TextEncodeAceStepAudio: { pack: 'core', source: 'comfy_extras/nodes_ace.py', required: { clip: 'CLIP', tags: 'STRING', lyrics: 'STRING', lyrics_strength: 'FLOAT' }, outputs: ['CONDITIONING'] },
  LoadAudio: { pack: 'core', source: 'comfy_extras/nodes_audio.py', required: { audio: { upload: 'Invalid audio file' } }, outputs: ['AUDIO'] },
  VAEEncodeAudio: { pack: 'core', source: 'comfy_extras/nodes_audio.py', required: { audio: 'AUDIO', vae: 'VAE' }, outputs: ['LATENT'] },
  VAEDecodeAudio: { pack: 'core', source: 'comfy_extras/nodes_audio.py', required: { samples: 'LATENT', vae: 'VAE' }, outputs: ['AUDIO'] },
  SaveAudioMP3: { pack: 'core', source: 'comfy_extras/nodes_audio.py', required: { audio: 'AUDIO', filename_prefix: 'STRING', quality: { choices: ['V0', '128k', '320k'] } }, outputs: [], output: true },
  UpscaleModelLoader: { pack: 'core', source: 'comfy_extras/nodes_upscale_model.py', required: { model_name: { models: 'upscale_models' } }, outputs: ['UPSCALE_MODEL'] },
  ImageUpscaleWithModel: { pack: 'core', source: 'comfy_extras/nodes_upscale_model.py', required: { upscale_model: 'UPSCALE_MODEL', image: 'IMAGE' }, outputs: ['IMAGE'] },

  // --- ComfyUI-VideoHelperSuite: videohelpersuite/load_video_nodes.py, nodes.py
  VHS_LoadVideo: {
    pack: 'videoHelperSuite', source: 'videohelpersuite/load_video_nodes.py (LoadVideoUpload)',
    required: { video: { upload: 'Invalid video file' }, force_rate: 'FLOAT,INT', custom_width: 'INT', custom_height: 'INT', frame_load_cap: 'INT', skip_first_frames: 'INT', select_every_nth: 'INT' },
    optional: { meta_batch: 'VHS_BatchManager', vae: 'VAE' },
    outputs: ['IMAGE,LATENT', 'INT', 'AUDIO', 'VHS_VIDEOINFO'],
  },
  VHS_VideoInfoLoaded: { pack: 'videoHelperSuite', source: 'videohelpersuite/nodes.py (VideoInfoLoaded)', required: { video_info: 'VHS_VIDEOINFO' }, outputs: ['FLOAT', 'INT', 'FLOAT', 'INT', 'INT'] },
  VHS_VideoCombine: {
    pack: 'videoHelperSuite', source: 'videohelpersuite/nodes.py (VideoCombine)',
    required: { images: 'IMAGE,LATENT', frame_rate: 'FLOAT,INT', loop_count: 'INT', filename_prefix: 'STRING', format: { choices: VHS_FORMATS }, pingpong: 'BOOLEAN', save_output: 'BOOLEAN' },
    optional: { audio: 'AUDIO', meta_batch: 'VHS_BatchManager', vae: 'VAE' },
    outputs: ['VHS_FILENAMES'], output: true,
  },
  VHS_LoadAudioUpload: {
    pack: 'videoHelperSuite', source: 'videohelpersuite/nodes.py (LoadAudioUpload; validate_path in utils.py)',
    required: { audio: { upload: 'Invalid file path' } },
    optional: { start_time: 'FLOAT', duration: 'FLOAT' },
    outputs: ['AUDIO', 'FLOAT'],
  },
  // "Audio to legacy VHS_AUDIO": what older packs (MuseTalk-KJ) still take.
  VHS_AudioToVHSAudio: { pack: 'videoHelperSuite', source: 'videohelpersuite/nodes.py (AudioToVHSAudio)', required: { audio: 'AUDIO' }, outputs: ['VHS_AUDIO'] },

  // --- ComfyUI-MuseTalk-KJ: nodes.py (the loader fetches TMElyralab/MuseTalk into models/musetalk itself: no choices list)
  UNETLoader_MuseTalk: { pack: 'museTalk', source: 'nodes.py', required: {}, outputs: ['MODEL'] },
  muse_talk_sampler: {
    pack: 'museTalk', source: 'nodes.py',
    required: { model: 'MODEL', vae: 'VAE', whisper_features: 'WHISPERFEAT', images: 'IMAGE', masked_images: 'IMAGE', batch_size: 'INT', delay_frame: 'INT' },
    outputs: ['IMAGE'],
  },
  vhs_audio_to_audio_tensor: { pack: 'museTalk', source: 'nodes.py', required: { vhs_audio: 'VHS_AUDIO', target_sample_rate: 'INT', target_channels: 'INT' }, outputs: ['VCAUDIOTENSOR', 'INT'] },
  whisper_to_features: { pack: 'museTalk', source: 'nodes.py', required: { audio_tensor: 'VCAUDIOTENSOR', fps: 'INT' }, outputs: ['WHISPERFEAT', 'INT'] },

  // --- ComfyUI_LayerStyle_Advance: py/segment_anything_ultra_v2.py (model names: py/segment_anything_func.py; fetched into models/sams and models/grounding-dino on first use)
  'LayerMask: SegmentAnythingUltra V2': {
    pack: 'layerStyleAdvance', source: 'py/segment_anything_ultra_v2.py',
    required: {
      image: 'IMAGE',
      sam_model: { choices: ['sam_vit_h (2.56GB)', 'sam_vit_l (1.25GB)', 'sam_vit_b (375MB)', 'sam_hq_vit_h (2.57GB)', 'sam_hq_vit_l (1.25GB)', 'sam_hq_vit_b (379MB)', 'mobile_sam(39MB)'] },
      grounding_dino_model: { choices: ['GroundingDINO_SwinT_OGC (694MB)', 'GroundingDINO_SwinB (938MB)'] },
      threshold: 'FLOAT',
      detail_method: { choices: ['VITMatte', 'VITMatte(local)', 'vitmatte-base-composition-1k', 'PyMatting', 'GuidedFilter'] },
      detail_erode: 'INT', detail_dilate: 'INT', black_point: 'FLOAT', white_point: 'FLOAT', process_detail: 'BOOLEAN', prompt: 'STRING',
      device: { choices: ['cuda', 'cpu'] },
      max_megapixels: 'FLOAT', cache_model: 'BOOLEAN',
    },
    outputs: ['IMAGE', 'MASK'],
  },

  // --- ComfyUI_CatVTON_Wrapper: py/cat_vton.py (LS_CatVTON; its weights are fetched into models/CatVTON on first use)
  CatVTONWrapper: {
    pack: 'catVton', source: 'py/cat_vton.py',
    required: { image: 'IMAGE', mask: 'MASK', refer_image: 'IMAGE', mask_grow: 'INT', mixed_precision: { choices: ['fp32', 'fp16', 'bf16'] }, seed: 'INT', steps: 'INT', cfg: 'FLOAT' },
    outputs: ['IMAGE'],
  },

  // --- comfyui-reactor-node: nodes.py (class reactor; swap models are models/insightface/*.onnx, restorers models/facerestore_models)
  ReActorFaceSwap: {
    pack: 'reactor', source: 'nodes.py',
    required: {
      enabled: 'BOOLEAN', input_image: 'IMAGE', swap_model: { models: 'insightface' },
      facedetection: { choices: ['retinaface_resnet50', 'retinaface_mobile0.25', 'YOLOv5l', 'YOLOv5n'] },
      face_restore_model: { models: 'facerestore_models' }, face_restore_visibility: 'FLOAT', codeformer_weight: 'FLOAT',
      detect_gender_input: { choices: ['no', 'female', 'male'] }, detect_gender_source: { choices: ['no', 'female', 'male'] },
      input_faces_index: 'STRING', source_faces_index: 'STRING', console_log_level: { choices: [0, 1, 2] },
    },
    optional: { source_image: 'IMAGE', face_model: 'FACE_MODEL', face_boost: 'FACE_BOOST' },
    outputs: ['IMAGE', 'FACE_MODEL'],
  },

  // --- ComfyUI_InstantID: InstantID.py (insightface antelopev2 is read from models/insightface/models/antelopev2)
  InstantIDModelLoader: { pack: 'instantId', source: 'InstantID.py', required: { instantid_file: { models: 'instantid' } }, outputs: ['INSTANTID'] },
  InstantIDFaceAnalysis: { pack: 'instantId', source: 'InstantID.py', required: { provider: { choices: ['CPU', 'CUDA', 'ROCM', 'CoreML'] } }, outputs: ['FACEANALYSIS'] },
  ApplyInstantID: {
    pack: 'instantId', source: 'InstantID.py',
    required: { instantid: 'INSTANTID', insightface: 'FACEANALYSIS', control_net: 'CONTROL_NET', image: 'IMAGE', model: 'MODEL', positive: 'CONDITIONING', negative: 'CONDITIONING', weight: 'FLOAT', start_at: 'FLOAT', end_at: 'FLOAT' },
    optional: { image_kps: 'IMAGE', mask: 'MASK' },
    outputs: ['MODEL', 'CONDITIONING', 'CONDITIONING'],
  },
};

/** The spec of `classType`, or undefined (Object.hasOwn: a class_type is the workflow's word). */
export const nodeSpec = (classType: string): NodeSpec | undefined => (Object.hasOwn(CATALOGUE, classType) ? CATALOGUE[classType] : undefined);
