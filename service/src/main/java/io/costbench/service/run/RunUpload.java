package io.costbench.service.run;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One pushed file, verbatim, with its idempotency key and the first answer given for it. */
@Entity
@Table(name = "run_upload")
public class RunUpload {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String format;
    @Column(name = "idempotency_key")
    private String idempotencyKey;
    @Column(name = "request_sha256")
    private String requestSha256;
    @Column(name = "raw_payload")
    private String rawPayload;
    @Column(name = "response_json")
    private String responseJson;
    @Column(name = "token_name")
    private String tokenName;
    @Column(name = "token_id")
    private Long tokenId;
    @Column(name = "created_at")
    private Instant createdAt;

    protected RunUpload() {
    }

    static RunUpload of(RunFormat format, String idempotencyKey, String requestSha256, String rawPayload,
            String tokenName, Long tokenId, Instant createdAt) {
        RunUpload upload = new RunUpload();
        upload.format = format.wireName();
        upload.idempotencyKey = idempotencyKey;
        upload.requestSha256 = requestSha256;
        upload.rawPayload = rawPayload;
        upload.tokenName = tokenName;
        upload.tokenId = tokenId;
        upload.createdAt = createdAt;
        return upload;
    }

    void answer(String responseJson) {
        this.responseJson = responseJson;
    }

    public Long getId() { return id; }
    public String getFormat() { return format; }
    public String getIdempotencyKey() { return idempotencyKey; }
    public String getRequestSha256() { return requestSha256; }
    public String getRawPayload() { return rawPayload; }
    public String getResponseJson() { return responseJson; }
    public String getTokenName() { return tokenName; }
    public Instant getCreatedAt() { return createdAt; }
}
