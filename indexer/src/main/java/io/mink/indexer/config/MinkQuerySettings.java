package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import io.mink.schema.secret.Secrets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The [query] section: how mink-query runs statements and where {@code mink-query serve} answers. The password is
 * never part of the text of these settings.
 *
 * @param batchSize rows per Arrow batch
 * @param targetPartitions the threads above the scans of a statement
 * @param memoryLimitBytes what a statement may hold before it spills; empty for the engine's own limit
 * @param database the namespace unqualified names resolve in; empty for the [indexer] namespace
 * @param listen where Flight SQL is served; empty for the default, which depends on TLS and the login
 * @param tlsCert the PEM certificate chain of TLS; serving needs {@code tlsKey} with it
 * @param tlsKey the PEM private key of TLS
 * @param user the user of basic auth; serving needs {@code password} with it
 * @param password the password of basic auth
 * @param allowInsecure whether Flight SQL may be served beyond this host without TLS and a login
 */
public record MinkQuerySettings(
    int batchSize,
    int targetPartitions,
    OptionalLong memoryLimitBytes,
    Optional<String> database,
    Optional<ListenAddress> listen,
    Optional<Path> tlsCert,
    Optional<Path> tlsKey,
    Optional<String> user,
    Optional<String> password,
    boolean allowInsecure) {
  public MinkQuerySettings {
    requireNonNull(memoryLimitBytes, "memoryLimitBytes is null");
    requireNonNull(database, "database is null");
    requireNonNull(listen, "listen is null");
    requireNonNull(tlsCert, "tlsCert is null");
    requireNonNull(tlsKey, "tlsKey is null");
    requireNonNull(user, "user is null");
    requireNonNull(password, "password is null");
    if (batchSize < 1 || targetPartitions < 1) {
      throw new IllegalArgumentException("batchSize and targetPartitions must be at least 1");
    }
  }

  /** The settings of a config without [query]: the defaults in {@link ConfigKey}. */
  public static MinkQuerySettings defaults() {
    return new MinkQuerySettings(
        Integer.parseInt(defaultOf(ConfigKey.QUERY_BATCH_SIZE)),
        Integer.parseInt(defaultOf(ConfigKey.QUERY_TARGET_PARTITIONS)),
        OptionalLong.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Boolean.parseBoolean(defaultOf(ConfigKey.QUERY_ALLOW_INSECURE)));
  }

  /** These settings with another listen address, TLS files or user, as the flags of mink-query serve give them. */
  public MinkQuerySettings withServer(
      Optional<ListenAddress> listen,
      Optional<Path> tlsCert,
      Optional<Path> tlsKey,
      Optional<String> user) {
    return new MinkQuerySettings(
        batchSize,
        targetPartitions,
        memoryLimitBytes,
        database,
        listen,
        tlsCert,
        tlsKey,
        user,
        password,
        allowInsecure);
  }

  @Override
  public String toString() {
    return "MinkQuerySettings[batchSize=" + batchSize + ", targetPartitions=" + targetPartitions
        + ", memoryLimitBytes=" + memoryLimitBytes + ", database=" + database + ", listen=" + listen
        + ", tlsCert=" + tlsCert + ", tlsKey=" + tlsKey + ", user=" + user + ", password="
        + Secrets.hidden(password.orElse(null)) + ", allowInsecure=" + allowInsecure + "]";
  }

  private static String defaultOf(ConfigKey key) {
    return key.defaultValue()
        .orElseThrow(() -> new IllegalStateException(key.qualifiedName() + " has no default"));
  }
}
