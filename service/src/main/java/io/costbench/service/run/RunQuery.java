package io.costbench.service.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.criteria.Predicate;

import org.springframework.data.jpa.domain.Specification;

/** The filters of {@code GET /api/v1/runs}; every one optional, all combined with AND. */
record RunQuery(String model, String hardware, String profile, String precision, String branch, String gitSha,
        String format, Integer concurrency, String verdict, Instant since, Instant until) {

    Specification<MeasuredRun> specification() {
        return (root, query, builder) -> {
            List<Predicate> predicates = new ArrayList<>();
            equal(predicates, builder, root.get("model"), model);
            equal(predicates, builder, root.get("hardware"), hardware);
            equal(predicates, builder, root.get("profile"), profile);
            equal(predicates, builder, root.get("precision"), precision);
            equal(predicates, builder, root.get("branch"), branch);
            equal(predicates, builder, root.get("gitSha"), gitSha);
            equal(predicates, builder, root.get("format"), format);
            equal(predicates, builder, root.get("concurrency"), concurrency);
            equal(predicates, builder, root.get("regressionVerdict"), verdict);
            if (since != null) {
                predicates.add(builder.greaterThanOrEqualTo(root.get("createdAt"), since));
            }
            if (until != null) {
                predicates.add(builder.lessThan(root.get("createdAt"), until));
            }
            return builder.and(predicates.toArray(Predicate[]::new));
        };
    }

    private static void equal(List<Predicate> predicates, jakarta.persistence.criteria.CriteriaBuilder builder,
            jakarta.persistence.criteria.Path<Object> path, Object value) {
        if (value != null) {
            predicates.add(builder.equal(path, value));
        }
    }
}
