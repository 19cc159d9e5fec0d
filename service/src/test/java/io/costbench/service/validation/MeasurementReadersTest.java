package io.costbench.service.validation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.costbench.engine.sim.DatasetLengths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.groups.Tuple.tuple;

class MeasurementReadersTest {

    private static final AiconfiguratorReader.InferencexLaunch FP8_LAUNCH = AiconfiguratorReader.InferencexLaunch.FP8;


    /** The aiconfigurator-silicon CSV's header, as the shared file has it. */
    private static final String AICONFIGURATOR_HEADER = "id,silicon_data_source,backend,backend_version,model_path,"
            + "system,precision,mode,isl,osl,gemm_quant_mode,moe_quant_mode,batch_size,tp_size,pp_size,"
            + "attention_dp_size,moe_tp_size,moe_ep_size,prefill_batch_size,prefill_num_workers,prefill_tp_size,"
            + "prefill_pp_size,prefill_attention_dp_size,prefill_moe_tp_size,prefill_moe_ep_size,decode_batch_size,"
            + "decode_num_workers,decode_tp_size,decode_pp_size,decode_attention_dp_size,decode_moe_tp_size,"
            + "decode_moe_ep_size,silicon_ttft_ms,silicon_tpot_ms\n";

    @TempDir
    Path dir;

    @Test
    void publicRowsGroupIntoScenariosWithShareGptMeans() throws IOException {
        Path file = dir.resolve(PublicMeasurementsReader.FILE);
        Files.writeString(file, """
                hardware,num_accelerators,tensor_parallel,engine,engine_version,model,precision,input_len,output_len,concurrency_or_batch,metric,value,unit,source_url_or_repo_path,notes
                H100,1,1,vLLM,0.11.0,Qwen/Qwen3-8B,BF16,~233 (ShareGPT),~221 (ShareGPT),4,TPOT_ms_mean,7.9,ms,x,"ShareGPT 100 prompts: mean input 232.6, output 220.6"
                H100,1,1,vLLM,0.11.0,Qwen/Qwen3-8B,BF16,~233 (ShareGPT),~221 (ShareGPT),4,TTFT_ms_mean,60,ms,x,"ShareGPT 100 prompts"
                H100,1,1,vLLM,0.11.0,Qwen/Qwen3-8B,BF16,~233 (ShareGPT),~221 (ShareGPT),4,output_tokens_per_s_total,480,tok/s,x,"ShareGPT 100 prompts"
                H100,1,1,LMDeploy,0.10,Qwen/Qwen3-8B,BF16,1000,100,1,TPOT_ms_mean,7,ms,x,
                Trainium2,1,4,optimum-neuron vLLM (NxD backend),1,Qwen/Qwen3-32B,BF16,1500,500,<=16 (saturated),TTFT_ms,900,ms,x,
                H100,8,8,TensorRT-LLM,1,nvidia/Qwen3-235B-A22B-FP8,FP8,1000,1000,max (offline),output_tokens_per_s_total,9000,tok/s,x,
                """);
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = PublicMeasurementsReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly("engine LMDeploy: no serving profile represents it",
                "concurrency_or_batch not a number (\"max (offline)\": offline or server-mode run)");
        // one H100 scenario (LMDeploy and offline rows are left out), the Trainium2 row through the Trainium2 mapping,
        // then that mapping's three extra rows (the vllm-neuron Qwen3.5-2B sweep)
        assertThat(rows).hasSize(5);
        Measurement gpustack = rows.get(0);
        assertThat(gpustack.modelId()).isEqualTo("qwen3-8b");
        assertThat(gpustack.profileId()).isEqualTo("vllm");
        assertThat(gpustack.inputTokens()).isEqualTo(233);
        assertThat(gpustack.outputTokens()).isEqualTo(221);
        assertThat(gpustack.numPrompts()).isEqualTo(100);
        // ShareGPT's lengths drawn around the stated means, one closed loop of 100 at c=4 per draw
        assertThat(gpustack.clientRuns()).hasSize(DatasetLengths.shareGpt().runsOf(100)).allSatisfy(run -> {
            assertThat(run.maxConcurrency()).isEqualTo(4);
            assertThat(run.numPrompts()).isEqualTo(100);
            assertThat(run.lengths().meanOutputTokens()).isEqualTo(221);
            assertThat(run.lengths().maxOutputTokens()).isGreaterThan(221);
        });
        assertThat(gpustack.maxModelLenTokens()).isGreaterThan(233 + 221).isLessThanOrEqualTo(2048);
        assertThat(gpustack.measured()).containsEntry(ValidationMetric.TPOT, 7.9)
                .containsEntry(ValidationMetric.TTFT, 60.0).containsEntry(ValidationMetric.OUTPUT_THROUGHPUT, 480.0);
        Measurement trn2 = rows.get(1);
        assertThat(trn2.hardwareId()).isEqualTo("trn2");
        assertThat(trn2.profileId()).isEqualTo("nxdi");
        assertThat(trn2.concurrency()).isEqualTo(16);
        assertThat(trn2.staticShapes().batchSizes()).containsExactly(16);
        assertThat(rows.subList(2, 5)).extracting(Measurement::modelId).containsOnly("qwen3.5-2b");
    }

    @Test
    void tensorRtLlmsOwnOfflineTablesRunAsTrtllmBenchRanThem() throws IOException {
        Path file = dir.resolve(PublicMeasurementsReader.FILE);
        String bench = "\"trtllm-bench throughput (offline, all requests queued = max load); PyTorch backend\"";
        Files.writeString(file, """
                hardware,num_accelerators,tensor_parallel,engine,engine_version,model,precision,input_len,output_len,concurrency_or_batch,metric,value,unit,source_url_or_repo_path,notes
                H100,1,1,TensorRT-LLM,~1.0 (PyTorch backend),nvidia/Llama-3.1-8B-Instruct-FP8,FP8,1000,1000,max (offline),output_tokens_per_s_total,15220,tok/s,x,%1$s
                H100,8,8,TensorRT-LLM,~1.0 (PyTorch backend),nvidia/Qwen3-235B-A22B-FP8,FP8,1000,1000,max (offline),output_tokens_per_s_total,14898,tok/s,x,"trtllm-bench throughput; TP8 (attention-DP enabled per MoE yaml)"
                H100,4,DEP4,TensorRT-LLM,1.x,nvidia/Llama-3.1-8B-Instruct-FP8,FP8,1000,1000,max (offline),output_tokens_per_s_per_gpu,4685,tok/s/GPU,x,%1$s
                """.formatted(bench));
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = PublicMeasurementsReader.read(file, leftOut::add);

        assertThat(leftOut).containsExactly("attention data parallelism (trtllm-bench's MoE options), not modelled",
                "tensor_parallel not a number (\"DEP4\": a data-parallel layout)");
        Measurement run = rows.get(0);
        assertThat(run.modelId()).isEqualTo("llama-3.1-8b");
        assertThat(run.profileId()).isEqualTo("trtllm");
        // the document's 3000 requests for 1000/1000, all queued at once, in process
        assertThat(run.concurrency()).isEqualTo(3000);
        assertThat(run.numPrompts()).isEqualTo(3000);
        assertThat(run.viaServer()).isFalse();
        // TensorRT-LLM's overlap scheduler and the ModelOpt checkpoint's FP8 KV cache
        assertThat(run.engineOptions()).containsExactlyInAnyOrder("async-scheduling", "cuda-graphs-to-max-batch");
        assertThat(run.kvCacheDtype()).isEqualTo("fp8");
        // trtllm-bench's own step budget for this GPU and these lengths (TrtllmBenchLaunchTest)
        assertThat(run.maxBatchedTokens()).isEqualTo(2048);
        assertThat(run.throughputDerived()).isFalse();
        assertThat(run.measured()).containsOnlyKeys(ValidationMetric.OUTPUT_THROUGHPUT)
                .containsEntry(ValidationMetric.OUTPUT_THROUGHPUT, 15220.0);
        assertThat(run.source()).isEqualTo("public h100-sxm trtllm llama-3.1-8b");
    }

    @Test
    void aiconfiguratorRowsKeepAggregatedServingOfCatalogModels() throws IOException {
        Path file = dir.resolve(AiconfiguratorReader.FILE);
        Files.writeString(file, """
                id,silicon_data_source,backend,backend_version,model_path,system,precision,mode,isl,osl,gemm_quant_mode,moe_quant_mode,batch_size,tp_size,pp_size,attention_dp_size,moe_tp_size,moe_ep_size,prefill_batch_size,prefill_num_workers,prefill_tp_size,prefill_pp_size,prefill_attention_dp_size,prefill_moe_tp_size,prefill_moe_ep_size,decode_batch_size,decode_num_workers,decode_tp_size,decode_pp_size,decode_attention_dp_size,decode_moe_tp_size,decode_moe_ep_size,silicon_ttft_ms,silicon_tpot_ms
                a,"src; x",vllm,0.1,Qwen/Qwen3-32B,h100_sxm,,agg,1024,1024,,,8,2,1,1,,,,,,,,,,,,,,,,,100,20
                b,src,vllm,0.1,Qwen/Qwen3-32B,h100_sxm,,disagg,1024,1024,,,8,2,1,1,,,,,,,,,,,,,,,,,100,20
                c,src,trtllm,0.1,Qwen/Qwen3-235B-A22B-FP8,h100_sxm,fp8,agg,1024,1024,,,8,8,1,1,,8,,,,,,,,,,,,,,,100,20
                d,src,vllm,0.1,deepseek-ai/DeepSeek-R1,h100_sxm,fp8,agg,1024,1024,,,8,2,1,1,,,,,,,,,,,,,,,,,100,20
                e,src,lmdeploy,0.10,Qwen/Qwen3-32B,h100_sxm,,agg,1024,1024,,,8,2,1,1,,,,,,,,,,,,,,,,,100,20
                """);
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = AiconfiguratorReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly(
                "disaggregated serving (separate prefill and decode workers), not modelled",
                "model deepseek-ai/DeepSeek-R1 not in the catalog", "engine lmdeploy: no serving profile represents it");
        // the disaggregated row and the model outside the catalog are left out; TP 8 = EP 8 runs expert-parallel
        assertThat(rows).hasSize(2);
        // its TensorRT-LLM worker captures a CUDA graph for every decode batch up to the clients
        assertThat(rows.get(1).engineOptions()).containsExactlyInAnyOrder("cuda-graph-padding", "expert-parallel");
        Measurement row = rows.get(0);
        assertThat(row.engineOptions()).isEmpty();
        assertThat(row.precision()).isEqualTo("bf16");
        assertThat(row.tensorParallel()).isEqualTo(2);
        assertThat(row.throughputDerived()).isTrue();
        // 8 x 1024 tokens per (100 + 1023 x 20) ms
        assertThat(row.measured().get(ValidationMetric.OUTPUT_THROUGHPUT)).isCloseTo(8 * 1024 / 20.56, within(1e-6));
    }

    @Test
    void inferenceXDatabaseRowsRunAsInferenceXOnceAndNewVllmSchedulesAsynchronously() throws IOException {
        Path file = dir.resolve(AiconfiguratorReader.FILE);
        String tail = ",MiniMaxAI/MiniMax-M2.5,h200_sxm,fp8,agg,1024,1024,fp8,fp8,8,4,1,1,4,1"
                + ",,,,,,,,,,,,,,,";
        Files.writeString(file, AICONFIGURATOR_HEADER
                + "a,source_file=2026-04-06.csv; model=MiniMax-M2.5; wip=False,vllm,0.16.0" + tail + "106.2,13.6\n"
                + "b,db-dump/2026-04-27; config_id=606; workflow_run_id=305; vllm/vllm-openai:v0.16.0,vllm,0.16.0"
                + tail + "106.2,13.6\n"
                + "c,db-dump/2026-04-27; config_id=607; workflow_run_id=305; vllm/vllm-openai:v0.16.0,vllm,0.16.0"
                + tail + "120.0,14.0\n"
                + "d,source_file=/x/vllm/0.12.0/y.csv,vllm,0.12.0" + tail + "120.0,15.0\n"
                + "e,source_file=2026-04-06.csv; model=Llama-3.1-70B; wip=False,trtllm,,meta-llama/Llama-3.1-70B"
                + ",h200_sxm,fp8,agg,1024,8192,fp8,fp8,8,4,1,,1,1,,,,,,,,,,,,,,,300.0,10.0\n"
                + "f,source_file=/x/trtllm/1.0.0rc3/y.csv,trtllm,1.0.0rc3,meta-llama/Llama-3.1-8B-Instruct"
                + ",h100_sxm,,agg,1024,128,,,8,1,1,,1,1,,,,,,,,,,,,,,,190.0,7.9\n");

        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = AiconfiguratorReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly("repeats a row already read (same configuration and figures)");
        // InferenceX's TensorRT-LLM launch sets its own token budget and its vLLM one the engine's; AIConfigurator's
        // own vLLM and TensorRT-LLM rows run with its generator's, max batch + ISL + 1500 (8 + 1024 + 1500)
        assertThat(rows).extracting(Measurement::maxBatchedTokens).containsExactly(null, null, 2532, 16384, 2532);
        // every row of the file reached its engine through the server, AIConfigurator's own through the endpoint its
        // generator deploys
        assertThat(rows).allSatisfy(r -> assertThat(r.viaServer()).as(r.label()).isTrue());
        rows = rows.subList(0, 3);

        // the database row that repeats the dump row is read once; its own row is an InferenceX run
        assertThat(rows).extracting(Measurement::campaign)
                .containsExactly("inferencex", "inferencex", "aiconfigurator");
        assertThat(rows.get(1).viaServer()).isTrue();
        assertThat(rows.get(1).kvCacheDtype()).isEqualTo("fp8");
        assertThat(rows.get(1).numPrompts()).isEqualTo(80);
        assertThat(rows.get(0).engineOptions()).containsExactly("async-scheduling");
        assertThat(rows.get(2).engineOptions()).isEmpty();
        assertThat(AiconfiguratorReader.engineOptions("vllm", "0.13.9")).isEmpty();
        assertThat(AiconfiguratorReader.engineOptions("vllm", "1.0.0")).containsExactly("async-scheduling");
        assertThat(AiconfiguratorReader.engineOptions("trtllm", "1.2.0")).isEmpty();
        // AIConfigurator's generator mixes SGLang's prompt chunks into decode steps where its version's template
        // emits the flag; the 0.5.1.post1 template (and an engine's defaults) do not
        assertThat(AiconfiguratorReader.aiconfiguratorOptions("sglang", "0.5.6.post2")).containsExactly("mixed-chunk");
        assertThat(AiconfiguratorReader.aiconfiguratorOptions("sglang", "0.5.1.post1")).isEmpty();
        assertThat(AiconfiguratorReader.engineOptions("sglang", "0.5.6.post2")).isEmpty();
        assertThat(AiconfiguratorReader.aiconfiguratorOptions("vllm", "0.18.0")).containsExactly("async-scheduling");
        assertThat(AiconfiguratorReader.aiconfiguratorOptions("trtllm", "1.0.0rc3"))
                .containsExactly("cuda-graph-padding");
        assertThat(AiconfiguratorReader.engineOptions("trtllm", "1.0.0rc3")).isEmpty();
    }

    @Test
    void expertParallelRowsRunWithTheSwitchAndDataParallelOnesAreLeftOut() throws IOException {
        Path file = dir.resolve(AiconfiguratorReader.FILE);
        String source = "x,source_file=2026-03-25.csv; model=MiniMax-M2.5; wip=False,vllm,0.18.0,MiniMaxAI/MiniMax-M2.5,"
                + "h100_sxm,fp8,agg,1024,1024,fp8,fp8,";
        String tail = ",,,,,,,,,,,,,,,82.5,10.1\n";
        Files.writeString(file, AICONFIGURATOR_HEADER
                + source + "4,4,1,1,1,4" + tail    // TP 4, experts whole on 4 ranks
                + source + "8,4,1,1,4,1" + tail    // TP 4, experts split over the 4 ranks
                + source + "16,4,1,4,1,16" + tail  // data-parallel attention: not modelled
                + source + "32,4,1,1,2,2" + tail   // experts split 2 x 2: not modelled
                + source + "64,1,1,,2,1" + tail);  // attention at TP 1, experts over 2 GPUs: data-parallel attention
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = AiconfiguratorReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly("attention data parallelism or pipeline stages, not modelled",
                "experts split over both tensor- and expert-parallel ranks, not modelled",
                "attention data parallelism or pipeline stages, not modelled");
        assertThat(rows).extracting(Measurement::concurrency).containsExactly(4, 8);
        assertThat(rows.get(0).engineOptions()).containsExactlyInAnyOrder("async-scheduling", "expert-parallel");
        assertThat(rows.get(1).engineOptions()).containsExactly("async-scheduling");
    }

    /**
     * A gap analysis that copies InferenceX's figures (rounded, here before the InferenceX row) and a dump that labels
     * the same run TP 64 are the InferenceX run once, read with its documented client; another run is kept.
     */
    @Test
    void roundedCopiesOfAnInferenceXRunAreThatRunOnce() throws IOException {
        Path file = dir.resolve(AiconfiguratorReader.FILE);
        String run = "vllm,0.18.0,MiniMaxAI/MiniMax-M2.5,h100_sxm,fp8,agg,1024,1024,fp8,fp8,4,";
        String tail = ",,,,,,,,,,,,,,,";
        Files.writeString(file, AICONFIGURATOR_HEADER
                + "copy,source_file=gap-analysis.csv; silicon_concurrency=4," + run + "4,1,,4,1" + tail + "307.79,10.08\n"
                + "dump,source_file=2026-03-25.csv; model=MiniMax-M2.5; wip=False," + run + "4,1,1,4,1" + tail
                + "307.7906,10.0806\n"
                + "mislabel,source_file=2026-04-06.csv; model=MiniMax-M2.5; wip=False," + run + "64,1,1,8,8" + tail
                + "307.7906,10.0806\n"
                + "other,source_file=gap-analysis.csv; silicon_concurrency=4," + run + "4,1,,4,1" + tail
                + "307.79,10.21\n");
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = AiconfiguratorReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly("repeats a row already read (same configuration and figures)",
                "experts split over both tensor- and expert-parallel ranks, not modelled");
        assertThat(rows).extracting(Measurement::campaign).containsExactly("inferencex", "aiconfigurator");
    }

    /**
     * gpt-oss's InferenceX runs: "fp4" on Hopper is the release's MXFP4 checkpoint, run as its own launch scripts run
     * it (the engine's KV cache, TensorRT-LLM's 20,000-token budget, no batch waiting); an "fp8" label on that
     * checkpoint does not say which layers ran in fp8 and is left out.
     */
    @Test
    void gptOssRunsAreItsMxfp4CheckpointUnderItsOwnLaunchScripts() throws IOException {
        Path file = dir.resolve(AiconfiguratorReader.FILE);
        String tail = ",,,,,,,,,,,,,,,";
        Files.writeString(file, AICONFIGURATOR_HEADER
                + "trt,source_file=2026-03-25.csv; model=GPT-OSS-120B; wip=False,trtllm,gpt-oss-dev,"
                + "openai/gpt-oss-120b,h200_sxm,fp4,agg,1024,1024,nvfp4,nvfp4,4,1,1,,1,1" + tail + "80.5,6.88\n"
                + "vllm,source_file=2026-03-25.csv; model=GPT-OSS-120B; wip=False,vllm,0.18.0,"
                + "openai/gpt-oss-120b,h100_sxm,fp4,agg,1024,1024,nvfp4,nvfp4,4,2,1,,1,1" + tail + "59.3,5.03\n"
                + "fp8,source_file=/aic/gap.csv,trtllm,1.3.0rc1,"
                + "openai/gpt-oss-120b,h100_sxm,fp8,agg,1024,1024,fp8,fp8,4,1,1,,1,1" + tail + "50.0,4.00\n"
                + "qwen,source_file=2026-03-25.csv; model=Qwen3-32B; wip=False,vllm,0.18.0,"
                + "Qwen/Qwen3-32B,h100_sxm,fp4,agg,1024,1024,nvfp4,nvfp4,4,1,1,,1,1" + tail + "50.0,4.00\n");
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = AiconfiguratorReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly(
                "precision fp8 for an mxfp4 checkpoint: which layers ran in fp8 is not stated",
                "precision fp4 for a checkpoint stored as bf16");
        assertThat(rows).extracting(Measurement::modelId, Measurement::precision, Measurement::kvCacheDtype)
                .containsOnly(tuple("gpt-oss-120b", "mxfp4", "auto"));
        assertThat(rows.get(0).maxBatchedTokens()).isEqualTo(20000);
        assertThat(rows.get(0).engineOptions()).containsExactlyInAnyOrder("async-scheduling", "cuda-graph-padding");
        assertThat(rows.get(1).maxBatchedTokens()).isNull();
    }

    /**
     * gpt-oss's TensorRT-LLM runs spread the experts whole over the TP ranks (the launch passes --ep_size = TP): a dump
     * row labelled with experts split over the TP ranks runs expert-parallel, and so does one labelled tp_size k x k
     * with moe_tp = moe_ep = k, read as TP k (no node holds 16 GPUs), unless another row already carries its figures;
     * TP 1 and vLLM's runs (no --ep_size in its script) keep their layout.
     */
    @Test
    void gptOssTensorRtRunsSpreadTheExpertsWholeOverTheirRanks() throws IOException {
        Path file = dir.resolve(AiconfiguratorReader.FILE);
        String dump = "source_file=2026-04-06.csv; model=GPT-OSS-120B; wip=False,";
        String trt = "trtllm,1.3.0rc5,openai/gpt-oss-120b,h200_sxm,fp4,agg,1024,1024,nvfp4,nvfp4,4,";
        String tail = ",,,,,,,,,,,,,,,";
        Files.writeString(file, AICONFIGURATOR_HEADER
                + "tp2," + dump + trt + "2,1,,2,1" + tail + "80.4,5.85\n"
                + "dev2," + dump + trt.replace("1.3.0rc5", "gpt-oss-dev") + "4,1,,2,2" + tail + "105.0,5.90\n"
                + "dev4," + dump + trt.replace("1.3.0rc5", "gpt-oss-dev") + "16,1,,4,4" + tail + "89.7,4.94\n"
                + "again," + dump + trt.replace("1.3.0rc5", "gpt-oss-dev") + "16,1,,4,4" + tail
                + "80.4,5.85\n"
                + "tp1," + dump + trt + "1,1,,1,1" + tail + "80.5,6.88\n"
                + "vllm," + dump + "vllm,0.18.0,openai/gpt-oss-120b,h200_sxm,fp4,agg,1024,1024,nvfp4,nvfp4,4,"
                + "2,1,,2,1" + tail + "70.0,5.00\n");
        List<String> leftOut = new ArrayList<>();
        List<Measurement> rows = AiconfiguratorReader.read(file, leftOut::add);
        assertThat(leftOut).containsExactly("repeats a row already read (same configuration and figures)");
        assertThat(rows).extracting(Measurement::profileId, Measurement::tensorParallel,
                m -> m.engineOptions().contains("expert-parallel")).containsExactly(
                        tuple("trtllm", 2, true),
                        tuple("trtllm", 2, true),
                        tuple("trtllm", 4, true),
                        tuple("trtllm", 1, false),
                        tuple("vllm", 2, false));
    }

    @Test
    void inferenceXTensorRtRunsHideHostWorkPadGraphsAndWaitForBatchesAt1k1kBelowTp8() {
        // the launch script's post-processing workers and stream interval, its padded CUDA graphs, and its 1k/1k
        // batch waiting below TP 8
        assertThat(AiconfiguratorReader.inferencexOptions("trtllm", "", 1024, 1024, 4, FP8_LAUNCH))
                .containsExactly("async-scheduling", "batch-waiting", "cuda-graph-padding");
        assertThat(AiconfiguratorReader.inferencexOptions("trtllm", "", 1024, 1024, 8, FP8_LAUNCH))
                .containsExactly("async-scheduling", "cuda-graph-padding");
        assertThat(AiconfiguratorReader.inferencexOptions("trtllm", "", 1024, 8192, 1, FP8_LAUNCH))
                .containsExactly("async-scheduling", "cuda-graph-padding");
        assertThat(AiconfiguratorReader.inferencexOptions("vllm", "0.12.0", 1024, 1024, 1, FP8_LAUNCH)).isEmpty();
        assertThat(AiconfiguratorReader.inferencexOptions("vllm", "0.16.0", 1024, 1024, 1, FP8_LAUNCH))
                .containsExactly("async-scheduling");
    }
}
