package io.mink.testkit.security;

import io.mink.testkit.tls.TestCertificates;
import io.mink.testkit.tls.TestCertificates.Party;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.test.TestKitNodes;
import org.awaitility.Awaitility;

/**
 * The listeners of a secured test broker, with ACLs on: Kafka's {@code StandardAuthorizer}, nothing allowed without an
 * ACL, and one super user, {@code User:broker}: the broker itself, and the test's admin, which uses the broker's
 * certificate (one certificate fewer to make: keytool takes a second or two a call).
 *
 * <p>The broker has three listeners. {@code INTERNAL} (the inter-broker listener, and the one the test's admin
 * uses) and {@code CONTROLLER} are mutual TLS with the broker's certificate. {@code CLIENT} is what
 * Mink connects to as {@code User:mink}: SASL_SSL with SCRAM-SHA-512 ({@link #saslSsl}), or mutual TLS with Mink's own
 * certificate ({@link #mutualTls}). A certificate's principal is its CN ({@code CN=mink,O=Mink tests} is
 * {@code User:mink}) through {@code ssl.principal.mapping.rules}.
 *
 * <p>Kafka's {@code KafkaClusterTestKit} runs this broker: it takes the listener names and protocols, and lets every
 * other setting be overridden, so no separate broker process is needed.
 */
public final class SecuredListeners {
  /** Mink's principal, never a super user. */
  public static final String MINK_PRINCIPAL = "User:mink";

  public static final String SCRAM_MECHANISM = "SCRAM-SHA-512";
  public static final String MINK_PASSWORD = "mink-secret";

  /** The listener Mink connects to. */
  public static final String CLIENT_LISTENER = "CLIENT";

  private static final String INTERNAL_LISTENER = "INTERNAL";
  private static final String CONTROLLER_LISTENER = "CONTROLLER";

  private final SecurityProtocol clientProtocol;
  private final Path directory;
  private final Party broker;
  private final Party mink;
  private final Path brokerTruststore;

  private SecuredListeners(SecurityProtocol clientProtocol, Path directory) {
    this.clientProtocol = clientProtocol;
    this.directory = directory;
    this.broker = TestCertificates.create(directory, "broker");
    this.mink =
        clientProtocol == SecurityProtocol.SSL ? TestCertificates.create(directory, "mink") : null;
    this.brokerTruststore = mink == null
        ? broker.truststore()
        : TestCertificates.trusting(directory.resolve("broker-trusts.p12"), broker, mink);
  }

  /** Mink's listener is SASL_SSL: SCRAM-SHA-512 as {@code mink} / {@link #MINK_PASSWORD}, over TLS. */
  public static SecuredListeners saslSsl() {
    return new SecuredListeners(SecurityProtocol.SASL_SSL, temporaryDirectory());
  }

  /** Mink's listener is mutual TLS: Mink presents its own certificate, {@code CN=mink}. */
  public static SecuredListeners mutualTls() {
    return new SecuredListeners(SecurityProtocol.SSL, temporaryDirectory());
  }

  public SecurityProtocol clientProtocol() {
    return clientProtocol;
  }

  /**
   * The listener names of the cluster. The test kit takes only PLAINTEXT and SASL_PLAINTEXT as their protocols, and
   * only as defaults: {@link #brokerProperties()} sets the protocols.
   */
  public void configure(TestKitNodes.Builder nodes) {
    nodes
        .setBrokerListenerName(new ListenerName(INTERNAL_LISTENER))
        .setControllerListenerName(new ListenerName(CONTROLLER_LISTENER));
  }

  /** The broker's settings for the listeners, TLS, SASL and the authorizer. */
  public Map<String, String> brokerProperties() {
    Map<String, String> properties = new HashMap<>();
    properties.put(
        "listeners",
        INTERNAL_LISTENER + "://localhost:0," + CONTROLLER_LISTENER + "://localhost:0,"
            + CLIENT_LISTENER + "://localhost:0");
    properties.put(
        "listener.security.protocol.map",
        INTERNAL_LISTENER + ":SSL," + CONTROLLER_LISTENER + ":SSL," + CLIENT_LISTENER + ":"
            + clientProtocol.name);
    properties.put(SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG, broker.keystore().toString());
    properties.put(SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG, TestCertificates.PASSWORD);
    properties.put(SslConfigs.SSL_KEY_PASSWORD_CONFIG, TestCertificates.PASSWORD);
    properties.put(SslConfigs.SSL_KEYSTORE_TYPE_CONFIG, "PKCS12");
    properties.put(SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, brokerTruststore.toString());
    properties.put(SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG, TestCertificates.PASSWORD);
    properties.put(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PKCS12");
    properties.put(SslConfigs.SSL_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG, "https");
    properties.put("ssl.client.auth", "required");
    properties.put("ssl.principal.mapping.rules", "RULE:^CN=([^,]+),O=Mink tests$/$1/,DEFAULT");
    properties.put(
        "authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
    properties.put("allow.everyone.if.no.acl.found", "false");
    properties.put("super.users", "User:" + broker.name());
    if (clientProtocol == SecurityProtocol.SASL_SSL) {
      String prefix = "listener.name." + CLIENT_LISTENER.toLowerCase(Locale.ROOT) + ".";
      properties.put(prefix + "ssl.client.auth", "none");
      properties.put(prefix + "sasl.enabled.mechanisms", SCRAM_MECHANISM);
      properties.put(
          prefix + SCRAM_MECHANISM.toLowerCase(Locale.ROOT) + ".sasl.jaas.config",
          "org.apache.kafka.common.security.scram.ScramLoginModule required;");
    }
    return properties;
  }

  /** Once the broker runs: Mink's SCRAM credentials, when its listener is SASL_SSL. */
  public void started(Admin admin) {
    if (clientProtocol != SecurityProtocol.SASL_SSL) {
      return;
    }
    try {
      admin
          .alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
              "mink", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), MINK_PASSWORD)))
          .all()
          .get(30, TimeUnit.SECONDS);
      Awaitility.await("SCRAM credentials of mink on the broker")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> !admin
              .describeUserScramCredentials(List.of("mink"))
              .all()
              .get(10, TimeUnit.SECONDS)
              .isEmpty());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating mink's SCRAM credentials", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Cannot create mink's SCRAM credentials: " + e, e);
    }
  }

  /** What the test's admin, a super user, connects with (besides {@code bootstrap.servers}): mutual TLS. */
  public Map<String, Object> adminClientProperties() {
    Map<String, Object> properties = new HashMap<>();
    properties.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, SecurityProtocol.SSL.name);
    properties.putAll(keystore(broker));
    properties.putAll(truststore());
    return properties;
  }

  /**
   * What Mink connects with as {@code User:mink} (besides {@code bootstrap.servers}), as {@code [kafka]} or a
   * {@code --command-config} file takes them.
   */
  public Map<String, String> minkClientProperties() {
    Map<String, String> properties = new HashMap<>();
    properties.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, clientProtocol.name);
    truststore().forEach((key, value) -> properties.put(key, value.toString()));
    if (clientProtocol == SecurityProtocol.SASL_SSL) {
      properties.put(SaslConfigs.SASL_MECHANISM, SCRAM_MECHANISM);
      properties.put(
          SaslConfigs.SASL_JAAS_CONFIG,
          "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"mink\" password=\""
              + MINK_PASSWORD + "\";");
    } else {
      keystore(mink).forEach((key, value) -> properties.put(key, value.toString()));
    }
    return properties;
  }

  private Map<String, Object> keystore(Party party) {
    return Map.of(
        SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG,
        party.keystore().toString(),
        SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG,
        TestCertificates.PASSWORD,
        SslConfigs.SSL_KEY_PASSWORD_CONFIG,
        TestCertificates.PASSWORD,
        SslConfigs.SSL_KEYSTORE_TYPE_CONFIG,
        "PKCS12");
  }

  private Map<String, Object> truststore() {
    return Map.of(
        SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG,
        broker.truststore().toString(),
        SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG,
        TestCertificates.PASSWORD,
        SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG,
        "PKCS12");
  }

  /** The directory of the certificates and stores. */
  public Path directory() {
    return directory;
  }

  /** A directory for the certificates, deleted with them when the JVM exits (a closed broker may start again). */
  private static Path temporaryDirectory() {
    try {
      Path directory = Files.createTempDirectory("mink-kafka-tls-");
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> delete(directory), "mink-kafka-tls-cleanup"));
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a directory for the test broker's certificates: " + e
              + "; check that java.io.tmpdir is writable",
          e);
    }
  }

  private static void delete(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      System.err.println("Cannot delete the test broker's certificates in " + directory + ": " + e);
    }
  }
}
