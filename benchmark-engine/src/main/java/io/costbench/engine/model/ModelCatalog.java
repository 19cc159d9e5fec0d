package io.costbench.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.costbench.engine.data.DataFiles;

/**
 * The served models, read from {@code catalog/models/index.json} (a list of ids) and, per id,
 * {@code catalog/models/<id>/config.json} (Hugging Face format) plus {@code model.json}
 * ({@code displayName}, {@code publishedParams}, {@code publishedActiveParams}, {@code source}, optional
 * {@code aliases}: other names of the model, such as its Hugging Face ids).
 */
public final class ModelCatalog {

    private static final String ROOT = "catalog/models/";
    private static volatile ModelCatalog standard;

    private final Map<String, CatalogModel> models;

    private ModelCatalog(Map<String, CatalogModel> models) {
        this.models = Collections.unmodifiableMap(new LinkedHashMap<>(models));
    }

    /** The catalog shipped on the classpath, loaded once. */
    public static ModelCatalog standard() {
        ModelCatalog catalog = standard;
        if (catalog == null) {
            synchronized (ModelCatalog.class) {
                catalog = standard;
                if (catalog == null) {
                    catalog = load(ROOT);
                    standard = catalog;
                }
            }
        }
        return catalog;
    }

    /** Loads the catalog under a classpath folder holding index.json and one folder per id. */
    public static ModelCatalog load(String folder) {
        String root = folder.endsWith("/") ? folder : folder + "/";
        Map<String, CatalogModel> models = new LinkedHashMap<>();
        for (String id : DataFiles.index(root + "index.json")) {
            models.put(id, read(id, root));
        }
        return new ModelCatalog(models);
    }

    private static CatalogModel read(String id, String root) {
        byte[] configBytes = DataFiles.bytes(root + id + "/config.json");
        byte[] sidecarBytes = DataFiles.bytes(root + id + "/model.json");
        Map<String, Object> sidecar = DataFiles.parseObject(sidecarBytes, root + id + "/model.json");
        HuggingFaceConfig config = HuggingFaceConfig.of(DataFiles.parseObject(configBytes, root + id + "/config.json"));
        long published = number(sidecar, "publishedParams", id);
        long publishedActive = sidecar.containsKey("publishedActiveParams")
                ? number(sidecar, "publishedActiveParams", id) : published;
        ModelSpec spec = config.toModelSpec(id, text(sidecar, "displayName", id), text(sidecar, "source", id),
                published);
        return new CatalogModel(spec, config.architecture(), publishedActive,
                DataFiles.sha256(configBytes, sidecarBytes), aliases(sidecar, id));
    }

    public List<String> ids() {
        return List.copyOf(models.keySet());
    }

    public List<CatalogModel> models() {
        return List.copyOf(models.values());
    }

    public Optional<CatalogModel> find(String id) {
        return Optional.ofNullable(models.get(id));
    }

    /** The model one of whose aliases is {@code name}, ignoring case and surrounding blanks. */
    public Optional<CatalogModel> findByAlias(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        return models.values().stream()
                .filter(m -> m.aliases().stream().anyMatch(a -> a.toLowerCase(Locale.ROOT).equals(wanted)))
                .findFirst();
    }

    /** @throws IllegalArgumentException naming the known ids when {@code id} is not in the catalog */
    public ModelSpec get(String id) {
        return entry(id).spec();
    }

    public CatalogModel entry(String id) {
        CatalogModel model = models.get(id);
        if (model == null) {
            throw new IllegalArgumentException("unknown model " + id + "; known: " + String.join(", ", models.keySet()));
        }
        return model;
    }

    /** One hash over every model's files, for stamping results with the catalog version they came from. */
    public String contentSha256() {
        StringBuilder all = new StringBuilder();
        models.values().forEach(m -> all.append(m.id()).append('=').append(m.contentSha256()).append('\n'));
        return DataFiles.sha256(all.toString());
    }

    private static List<String> aliases(Map<String, Object> sidecar, String id) {
        Object value = sidecar.getOrDefault("aliases", List.of());
        if (!(value instanceof List<?> list) || list.stream().anyMatch(a -> !(a instanceof String))) {
            throw new IllegalArgumentException(id + "/model.json: aliases must be a list of strings");
        }
        return list.stream().map(String.class::cast).toList();
    }

    private static long number(Map<String, Object> sidecar, String key, String id) {
        if (!(sidecar.get(key) instanceof Number value)) {
            throw new IllegalArgumentException(id + "/model.json lacks the number " + key);
        }
        return value.longValue();
    }

    private static String text(Map<String, Object> sidecar, String key, String id) {
        if (!(sidecar.get(key) instanceof String value) || value.isBlank()) {
            throw new IllegalArgumentException(id + "/model.json lacks " + key);
        }
        return value;
    }
}
