package io.costbench.engine.model;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Weight number formats the stacks serve in. Activations stay bf16 in all of them but FP8's W8A8 GEMMs.
 *
 * <p>MXFP4 is the OCP microscaling format as engines load it: only the routed experts are quantized, every other
 * linear layer stays bf16 (vLLM's {@code Mxfp4Config.get_quant_method} returns {@code UnquantizedLinearMethod} for
 * every linear layer and {@code Mxfp4MoEMethod} for {@code FusedMoE}; vllm-project/vllm
 * {@code vllm/model_executor/layers/quantization/mxfp4.py} @ 007d5005), each expert weight a packed 4-bit e2m1 value
 * plus one uint8 e8m0 scale per 32 along K ({@code mxfp4_block = 32}: 0.5 + 1/32 bytes an element), dequantized to
 * bf16 in the kernel on Hopper (W4A16: {@code mxfp4_w4a16_moe_quant_config}).
 */
public enum Precision {
    BF16(2.0, 2.0),
    FP8(1.0, 1.0),
    MXFP4(2.0, 0.5 + 1.0 / 32);

    private final double bytesPerElement;
    private final double expertBytesPerElement;

    Precision(double bytesPerElement, double expertBytesPerElement) {
        this.bytesPerElement = bytesPerElement;
        this.expertBytesPerElement = expertBytesPerElement;
    }

    /** Bytes of one weight of a linear layer other than a routed expert. */
    public double bytesPerElement() {
        return bytesPerElement;
    }

    /** Bytes of one routed-expert weight, scales included. */
    public double expertBytesPerElement() {
        return expertBytesPerElement;
    }

    /** The formats' names as requests spell them: bf16, fp8, mxfp4. */
    public static List<String> names() {
        return Arrays.stream(values()).map(p -> p.name().toLowerCase(Locale.ROOT)).toList();
    }

    public static Precision parse(String value) {
        return valueOf(value.trim().toUpperCase(Locale.ROOT));
    }
}
