package io.costbench.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The module and package dependency rules, checked on the compiled classes of every module. */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.costbench");
    }

    @Test
    void libraryModulesAreFreeOfSpringAndOfTheService() {
        noClasses().that().resideInAnyPackage("io.costbench.engine..", "io.costbench.trainium2..",
                        "io.costbench.gpu..", "io.costbench.pricing..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "jakarta.persistence..",
                        "io.costbench.service..")
                .check(classes);
    }

    @Test
    void acceleratorModelsDependOnlyOnTheEngineAndTheJdk() {
        classes().that().resideInAnyPackage("io.costbench.trainium2..", "io.costbench.gpu..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.costbench.engine..",
                        "io.costbench.trainium2..", "io.costbench.gpu..", "java..", "javax.annotation..")
                .check(classes);
    }

    @Test
    void modelsDoNotDependOnEachOtherOrOnPricing() {
        noClasses().that().resideInAPackage("io.costbench.trainium2..")
                .should().dependOnClassesThat().resideInAnyPackage("io.costbench.gpu..", "io.costbench.pricing..")
                .check(classes);
        noClasses().that().resideInAPackage("io.costbench.gpu..")
                .should().dependOnClassesThat().resideInAnyPackage("io.costbench.trainium2..",
                        "io.costbench.pricing..")
                .check(classes);
        noClasses().that().resideInAPackage("io.costbench.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("io.costbench.trainium2..",
                        "io.costbench.gpu..", "io.costbench.pricing..")
                .check(classes);
    }

    @Test
    void nothingOutsideTheServiceImportsTheService() {
        noClasses().that().resideOutsideOfPackage("io.costbench.service..")
                .should().dependOnClassesThat().resideInAPackage("io.costbench.service..")
                .check(classes);
    }

    @Test
    void serviceFeaturePackagesAreFreeOfCycles() {
        slices().matching("io.costbench.service.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void enginePackagesAreFreeOfCycles() {
        slices().matching("io.costbench.engine.(**)").should().beFreeOfCycles().check(classes);
    }

    /** The prediction core knows no HTTP and no prices: callers that want a cost add it. */
    @Test
    void thePredictionCoreImportsNoWebAndNoPricingType() {
        noClasses().that().resideInAPackage("io.costbench.service.prediction")
                .should().dependOnClassesThat().resideInAnyPackage("io.costbench.service.web..",
                        "io.costbench.service.pricing..", "io.costbench.pricing..", "org.springframework.web..",
                        "org.springframework.http..", "jakarta.servlet..")
                .check(classes);
    }

    /**
     * The dashboards and the export read sweeps and their points through {@code sweep.SweepResults}, never with SQL
     * of their own on the sweep tables. ArchUnit sees no SQL, so the sources are read: no string literal of these
     * packages' code (comments aside) names the {@code sweep} or {@code sweep_point} table after from, join, into or
     * update.
     */
    @Test
    void dashboardAndExportReadSweepResultsOnlyThroughTheSweepPackage() throws IOException {
        Pattern sqlOnSweepTables = Pattern.compile("\"[^\"]*\\b(from|join|into|update)\\s+sweep(_point)?\\b[^\"]*\"",
                Pattern.CASE_INSENSITIVE);
        List<String> offenders = new ArrayList<>();
        for (String feature : List.of("dashboard", "export")) {
            Path folder = Path.of("src/main/java/io/costbench/service", feature);
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String code = Files.readString(file).replaceAll("(?s)/\\*.*?\\*/", "");
                    Matcher matcher = sqlOnSweepTables.matcher(code);
                    while (matcher.find()) {
                        offenders.add(file.getFileName() + ": " + matcher.group());
                    }
                }
            }
        }
        assertThat(Path.of("src/main/java/io/costbench/service/dashboard")).isDirectory();
        assertThat(offenders).isEmpty();
    }
}
