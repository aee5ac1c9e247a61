package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The credentials a {@link FakeSchemaRegistry} accepts, changeable while it runs: basic-auth users
 * with their passwords, and bearer tokens, each with an optional expiry. With none set, every
 * request is accepted; with any set, a request without accepted credentials is refused with 401,
 * as Confluent Schema Registry's basic-auth and bearer-token (OAuth) handlers refuse it.
 */
public final class RegistryAuth {
  private final Map<String, String> passwords = new ConcurrentHashMap<>();
  private final Map<String, Instant> tokens = new ConcurrentHashMap<>();
  private final Clock clock;

  RegistryAuth(Clock clock) {
    this.clock = requireNonNull(clock, "clock is null");
  }

  /** Accepts this user with this password from now on, replacing the user's old password. */
  public RegistryAuth acceptBasicAuth(String user, String password) {
    passwords.put(
        requireNonNull(user, "user is null"), requireNonNull(password, "password is null"));
    return this;
  }

  /** Stops accepting this user. */
  public RegistryAuth revokeBasicAuth(String user) {
    passwords.remove(user);
    return this;
  }

  /** Accepts this bearer token from now on, until it is expired or revoked. */
  public RegistryAuth acceptBearerToken(String token) {
    tokens.put(requireNonNull(token, "token is null"), Instant.MAX);
    return this;
  }

  /** Accepts this bearer token for {@code lifetime} from now; after that the registry answers 401 for it. */
  public RegistryAuth acceptBearerToken(String token, Duration lifetime) {
    tokens.put(requireNonNull(token, "token is null"), clock.instant().plus(lifetime));
    return this;
  }

  /** Expires this bearer token now: from now on the registry answers 401 for it. */
  public RegistryAuth expireBearerToken(String token) {
    tokens.computeIfPresent(token, (ignored, expiry) -> clock.instant());
    return this;
  }

  /** Whether any credentials are required. */
  boolean required() {
    return !passwords.isEmpty() || !tokens.isEmpty();
  }

  /**
   * Why a request with this {@code Authorization} header is refused, in the words of Confluent's
   * registry, or empty when it is accepted.
   */
  Optional<String> refusal(String authorization) {
    if (!required()) {
      return Optional.empty();
    }
    if (authorization == null) {
      return Optional.of("Unauthorized");
    }
    if (authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      Instant expiry = tokens.get(authorization.substring(7).trim());
      if (expiry == null) {
        return Optional.of("Unauthorized: the bearer token is not valid");
      }
      return clock.instant().isBefore(expiry)
          ? Optional.empty()
          : Optional.of("Unauthorized: the bearer token expired at " + expiry);
    }
    if (authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      String decoded;
      try {
        decoded = new String(
            Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        return Optional.of("Unauthorized");
      }
      int colon = decoded.indexOf(':');
      if (colon >= 0
          && decoded.substring(colon + 1).equals(passwords.get(decoded.substring(0, colon)))) {
        return Optional.empty();
      }
      return Optional.of("Unauthorized");
    }
    return Optional.of("Unauthorized");
  }

  /** The scheme a 401's {@code WWW-Authenticate} names: Bearer when only tokens are accepted. */
  String challenge() {
    return passwords.isEmpty() && !tokens.isEmpty()
        ? "Bearer realm=\"SchemaRegistry\""
        : "Basic realm=\"SchemaRegistry\"";
  }
}
