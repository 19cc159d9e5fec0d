package io.costbench.service.run;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

interface RunUploadRepository extends JpaRepository<RunUpload, Long> {

    Optional<RunUpload> findByIdempotencyKey(String idempotencyKey);
}
