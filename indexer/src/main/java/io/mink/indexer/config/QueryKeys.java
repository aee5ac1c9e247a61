package io.mink.indexer.config;

/** The definitions of the [query] keys of {@code mink.toml}, which mink-query reads, listed by {@link ConfigKey}. */
final class QueryKeys {
  static final KeyDefinition ALLOW_INSECURE = new KeyDefinition(
      ConfigKey.QUERY,
      "allow_insecure",
      "false",
      "true",
      "Lets mink-query serve listen beyond this host without TLS and a login, for a private network whose own "
          + "layer secures it; it logs a warning at start. Anyone who reaches the address reads every table");

  static final KeyDefinition BATCH_SIZE = new KeyDefinition(
      ConfigKey.QUERY,
      "batch_size",
      "8192",
      "8192",
      "Rows per Arrow batch out of the scans and through the plan of a statement");

  static final KeyDefinition DATABASE = new KeyDefinition(
      ConfigKey.QUERY,
      "database",
      () -> null,
      "the [indexer] namespace",
      "\"kafka\"",
      "The namespace unqualified table names resolve in; -d overrides it");

  static final KeyDefinition LISTEN = new KeyDefinition(
      ConfigKey.QUERY,
      "listen",
      () -> null,
      "127.0.0.1:9130; 0.0.0.0:9130 with TLS and a login",
      "\"0.0.0.0:9130\"",
      "The address and port mink-query serve answers Flight SQL on, as HOST:PORT; an address beyond this host "
          + "(0.0.0.0 for every interface) needs tls_cert, tls_key, user and password; --listen overrides it");

  static final KeyDefinition MEMORY_LIMIT = new KeyDefinition(
      ConfigKey.QUERY,
      "memory_limit",
      () -> null,
      "none: DuckDB's own, 80% of the machine's memory",
      "\"4GiB\"",
      "The most a mink-query process holds for sorts, joins and aggregates before it spills to disk: a size");

  static final KeyDefinition PASSWORD = new KeyDefinition(
      ConfigKey.QUERY,
      "password",
      () -> null,
      "none",
      "\"change-me\"",
      "The password of user for basic auth on Flight SQL; set here or as the variable, never on the command line, "
          + "and never printed");

  static final KeyDefinition TARGET_PARTITIONS = new KeyDefinition(
      ConfigKey.QUERY,
      "target_partitions",
      QueryKeys::availableProcessors,
      "the number of available processors",
      "4",
      "How many threads run the operators above the scans of a statement, at least 1");

  static final KeyDefinition TLS_CERT = new KeyDefinition(
      ConfigKey.QUERY,
      "tls_cert",
      () -> null,
      "none: no TLS",
      "\"/etc/mink/query.crt\"",
      "A PEM certificate chain: with tls_key, mink-query serve speaks TLS; --tls-cert overrides it");

  static final KeyDefinition TLS_KEY = new KeyDefinition(
      ConfigKey.QUERY,
      "tls_key",
      () -> null,
      "none",
      "\"/etc/mink/query.key\"",
      "The PEM private key of tls_cert; --tls-key overrides it");

  static final KeyDefinition USER = new KeyDefinition(
      ConfigKey.QUERY,
      "user",
      () -> null,
      "none: no authentication",
      "\"analyst\"",
      "With password, the user Flight SQL clients must log in as with basic auth; --user overrides it");

  private static String availableProcessors() {
    return String.valueOf(Math.max(1, Runtime.getRuntime().availableProcessors()));
  }

  private QueryKeys() {}
}
