package io.costbench.service.security;

import java.time.Instant;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    Optional<ApiToken> findByTokenSha256(String tokenSha256);

    /** Touches last-used at most once per interval, so busy CI tokens do not write on every request. */
    @Modifying
    @Query("update ApiToken t set t.lastUsedAt = :now where t.id = :id "
            + "and (t.lastUsedAt is null or t.lastUsedAt < :staleBefore)")
    int touch(@Param("id") long id, @Param("now") Instant now, @Param("staleBefore") Instant staleBefore);
}
