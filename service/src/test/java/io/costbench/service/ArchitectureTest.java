package io.costbench.service;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
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
}
