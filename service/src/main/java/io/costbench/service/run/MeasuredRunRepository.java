package io.costbench.service.run;

import java.util.List;

import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

interface MeasuredRunRepository extends JpaRepository<MeasuredRun, Long>, JpaSpecificationExecutor<MeasuredRun> {

    /**
     * The newest runs of a series on a branch, excluding the upload being judged: id and metrics only, read through
     * the (series_key, branch, id) index, with no entities to load and dirty-check at the commit.
     */
    @Query("select new io.costbench.service.run.BaselineSample(r.id, r.metricsJson) from MeasuredRun r"
            + " where r.seriesKey = :seriesKey and r.branch = :branch and r.uploadId <> :uploadId order by r.id desc")
    List<BaselineSample> baseline(@Param("seriesKey") String seriesKey, @Param("branch") String branch,
            @Param("uploadId") long uploadId, Pageable page);

    List<MeasuredRun> findByGitShaAndSeriesKey(String gitSha, String seriesKey);

    List<MeasuredRun> findByUploadIdOrderByPositionInUpload(long uploadId);

    /** A series' runs on every branch, for its history chart. */
    List<MeasuredRun> findBySeriesKey(String seriesKey, Pageable page);
}
