package io.costbench.service.security;

import io.swagger.v3.oas.annotations.Operation;
import java.net.URI;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import io.costbench.service.web.BadInputException;
import io.costbench.service.web.JsonPaths;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;

/** Token administration (admin scope, see {@link ApiScopeRules}). */
@RestController
@RequestMapping("/api/v1/tokens")
@SecurityRequirement(name = "bearerToken")
class TokenController {

    private final ApiTokens tokens;

    TokenController(ApiTokens tokens) {
        this.tokens = tokens;
    }

    /** What a caller asks for; scopes by their wire names ({@code runs:write}, {@code sweeps:write}, {@code admin}). */
    record CreateTokenRequest(@NotBlank @Size(max = 200) String name,
            @NotEmpty @Size(max = 3) List<@NotBlank String> scopes) {
    }

    /** A token as listed: everything but the token itself, which is never shown again. */
    record TokenView(long id, String name, Set<Scope> scopes, String createdBy, Instant createdAt,
            Instant lastUsedAt, Instant revokedAt) {

        static TokenView of(ApiToken token) {
            return new TokenView(token.getId(), token.getName(), token.getScopes(), token.getCreatedBy(),
                    token.getCreatedAt(), token.getLastUsedAt(), token.getRevokedAt());
        }
    }

    @Operation(summary = "Issue an API token",
            description = "Answers the token once; only its SHA-256 is stored.")
    @PostMapping
    ResponseEntity<IssuedToken> create(@Valid @RequestBody CreateTokenRequest request,
            @Parameter(hidden = true) @AuthenticationPrincipal TokenPrincipal caller) {
        EnumSet<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (int i = 0; i < request.scopes().size(); i++) {
            String name = request.scopes().get(i);
            int index = i;
            scopes.add(Scope.fromWireName(name).orElseThrow(() -> BadInputException.unprocessable(
                    JsonPaths.index("scopes", index), "unknown scope '" + name + "'; known: runs:write, sweeps:write, admin")));
        }
        IssuedToken issued = tokens.issue(request.name().strip(), scopes, caller.name());
        return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.id())).body(issued);
    }

    @Operation(summary = "List API tokens",
            description = "Names, scopes and times; never the tokens themselves.")
    @GetMapping
    List<TokenView> list() {
        return tokens.list().stream().map(TokenView::of).toList();
    }

    @Operation(summary = "Show one API token")
    @GetMapping("/{id}")
    TokenView get(@PathVariable long id) {
        return tokens.find(id).map(TokenView::of).orElseThrow(() -> notFound(id));
    }

    /** Revokes; the row stays for the audit trail. */
    @Operation(summary = "Revoke an API token")
    @DeleteMapping("/{id}")
    ResponseEntity<Void> revoke(@PathVariable long id) {
        if (!tokens.revoke(id)) {
            throw notFound(id);
        }
        return ResponseEntity.noContent().build();
    }

    private static ResponseStatusException notFound(long id) {
        return new ResponseStatusException(HttpStatus.NOT_FOUND, "No token with id " + id);
    }
}
