package io.costbench.service.accuracy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The validated accuracy of every group the public measurements cover, from {@value #RESOURCE}. The validation report
 * writes that file and its test fails when the file no longer matches the models (see the README, "Validation
 * report"), so what a prediction says of its own accuracy stays true. A group without public measurements is absent:
 * its predictions are not validated.
 */
@Component
public class AccuracyCatalog {

    public static final String RESOURCE = "catalog/accuracy.json";

    /** The file: what it is, how it is made, the groups. */
    public record AccuracyFile(String about, List<ValidatedAccuracy> groups) {

        public AccuracyFile {
            groups = List.copyOf(groups);
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final AccuracyFile file;

    public AccuracyCatalog() {
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            file = parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    public AccuracyFile file() {
        return file;
    }

    /** The group of a prediction on this hardware and profile of a dense or mixture-of-experts model. */
    public Optional<ValidatedAccuracy> find(String hardware, String profile, boolean mixtureOfExperts) {
        String kind = ValidatedAccuracy.modelKind(mixtureOfExperts);
        return file.groups().stream().filter(g -> g.hardware().equals(hardware) && g.profile().equals(profile)
                && g.modelKind().equals(kind)).findFirst();
    }

    /** Why a prediction has no validated accuracy. */
    public static String notValidated(String hardware, String profile, boolean mixtureOfExperts) {
        return "no public measurement of " + hardware + " " + profile + " serving "
                + (mixtureOfExperts ? "a mixture-of-experts" : "a dense") + " model is in the validation set, so "
                + "this prediction is not validated";
    }

    static AccuracyFile parse(String json) {
        return JSON.readValue(json, AccuracyFile.class);
    }

    /** The file's text for these groups, as the validation report writes it. */
    public static String json(AccuracyFile file) {
        return JSON.writeValueAsString(file) + "\n";
    }
}
