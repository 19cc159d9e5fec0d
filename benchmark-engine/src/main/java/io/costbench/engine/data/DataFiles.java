package io.costbench.engine.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the catalog's JSON data files from the classpath into plain maps and lists, so the accelerator modules read
 * data without depending on a JSON library themselves.
 */
public final class DataFiles {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DataFiles() {
    }

    /** The raw bytes of a classpath resource; fails loudly when it is missing. */
    public static byte[] bytes(String resource) {
        try (InputStream in = DataFiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing data file on the classpath: " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read data file " + resource, e);
        }
    }

    public static Map<String, Object> object(String resource) {
        return parseObject(bytes(resource), resource);
    }

    public static Map<String, Object> parseObject(byte[] json, String what) {
        try {
            return JSON.readValue(json, new TypeReference<Map<String, Object>>() { });
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a JSON object: " + what + ": " + e.getMessage(), e);
        }
    }

    /** Lists the resource names a catalog index file names (a JSON array of strings), e.g. models/index.json. */
    public static List<String> index(String resource) {
        try {
            return JSON.readValue(bytes(resource), new TypeReference<List<String>>() { });
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a JSON array of names: " + resource, e);
        }
    }

    public static String sha256(byte[]... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                digest.update(part);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }
}
