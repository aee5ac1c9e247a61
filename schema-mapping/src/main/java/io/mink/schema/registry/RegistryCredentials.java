package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.RegistryUnavailableException.Fault;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;

/**
 * What Mink sends a Confluent-compatible registry as its {@code Authorization} header, and which
 * setting an operator fixes when the registry refuses it. A bearer token file is read again for
 * every request, so a rotated token is used from the next request on, with no restart.
 */
sealed interface RegistryCredentials {
  /**
   * The {@code Authorization} header's value, or empty to send none.
   *
   * @throws RegistryUnavailableException the token file cannot be read now
   */
  Optional<String> header() throws RegistryUnavailableException;

  /** What Mink sent and which setting gives it, for a message about a refusal. */
  String sent();

  /** What to do when the registry answers 401 to these credentials. */
  String fix();

  /** The credentials for one of the registry's URLs: its user info, else the settings'. */
  static RegistryCredentials of(ConfluentRegistrySettings settings, URI url) {
    if (url.getRawUserInfo() != null) {
      String userInfo =
          URLDecoder.decode(url.getRawUserInfo().replace("+", "%2B"), StandardCharsets.UTF_8);
      int colon = userInfo.indexOf(':');
      return new Basic(
          colon < 0 ? userInfo : userInfo.substring(0, colon),
          basic(userInfo),
          "the user info of schema_registry.url");
    }
    if (settings.basicAuthUser() != null) {
      return new Basic(
          settings.basicAuthUser(),
          basic(settings.basicAuthUser() + ":" + settings.basicAuthPassword()),
          "schema_registry.basic_auth_user_info");
    }
    if (settings.bearerToken() != null) {
      return new Token("Bearer " + settings.bearerToken());
    }
    if (settings.bearerTokenFile() != null) {
      return new TokenFile(settings.bearerTokenFile());
    }
    return new None();
  }

  private static String basic(String userColonPassword) {
    return "Basic "
        + Base64.getEncoder().encodeToString(userColonPassword.getBytes(StandardCharsets.UTF_8));
  }

  /** No credentials. */
  record None() implements RegistryCredentials {
    @Override
    public Optional<String> header() {
      return Optional.empty();
    }

    @Override
    public String sent() {
      return "Mink sent no credentials";
    }

    @Override
    public String fix() {
      return "set schema_registry.basic_auth_user_info, bearer_token or bearer_token_file";
    }
  }

  /** A basic-auth user and password from {@code setting}. */
  record Basic(String user, String value, String setting) implements RegistryCredentials {
    @Override
    public Optional<String> header() {
      return Optional.of(value);
    }

    @Override
    public String sent() {
      return "Mink sent the basic auth user '" + user + "' of " + setting;
    }

    @Override
    public String fix() {
      return "fix the user and password in " + setting + " and restart Mink";
    }

    @Override
    public String toString() {
      return "Basic[user=" + user + ", setting=" + setting + "]";
    }
  }

  /** A bearer token given in the settings. */
  record Token(String value) implements RegistryCredentials {
    @Override
    public Optional<String> header() {
      return Optional.of(value);
    }

    @Override
    public String sent() {
      return "Mink sent the bearer token of schema_registry.bearer_token";
    }

    @Override
    public String fix() {
      return "give a valid token in schema_registry.bearer_token and restart Mink, or use"
          + " schema_registry.bearer_token_file, which Mink reads again at every request";
    }

    @Override
    public String toString() {
      return "Token[****]";
    }
  }

  /** A bearer token read from a file at every request. */
  record TokenFile(Path path) implements RegistryCredentials {
    public TokenFile {
      requireNonNull(path, "path is null");
    }

    @Override
    public Optional<String> header() throws RegistryUnavailableException {
      try {
        return Optional.of("Bearer " + read(path));
      } catch (IllegalArgumentException e) {
        throw new RegistryUnavailableException(
            Fault.CONFIGURATION,
            e.getMessage() + "; Mink retries and reads the file again at every request",
            e.getCause());
      }
    }

    @Override
    public String sent() {
      return "Mink sent the bearer token in " + path + " (schema_registry.bearer_token_file)";
    }

    @Override
    public String fix() {
      return "write a valid token to " + path
          + ": Mink reads it again at every request, no restart needed";
    }

    /**
     * The token in the file, without surrounding white space.
     *
     * @throws IllegalArgumentException the file cannot be read or holds no token
     */
    static String read(Path path) {
      String token;
      try {
        token = Files.readString(path, StandardCharsets.UTF_8).strip();
      } catch (NoSuchFileException e) {
        throw new IllegalArgumentException(
            "Schema registry bearer token file " + path + " (schema_registry.bearer_token_file)"
                + " does not exist: write the token to it, or fix the path",
            e);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "Cannot read the schema registry bearer token file " + path
                + " (schema_registry.bearer_token_file): " + e
                + "; check that Mink may read it",
            e);
      }
      if (token.isEmpty() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
        throw new IllegalArgumentException("Schema registry bearer token file " + path
            + " (schema_registry.bearer_token_file)"
            + (token.isEmpty() ? " is empty" : " holds more than one token or a control character")
            + ": write the token alone to it");
      }
      return token;
    }
  }
}
