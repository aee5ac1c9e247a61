package io.mink.samples.local;

import io.mink.samples.produce.Registries;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import io.mink.testkit.registry.GlueSchemaRegistryStandIn;
import java.util.HashMap;
import java.util.Map;

/**
 * What the quickstart and the walk-throughs run on this machine, in this JVM: a single-node Kafka broker (KRaft), a
 * schema registry that answers Confluent's and Apicurio's APIs, and a stand-in for AWS Glue's schema registry.
 */
public final class LocalStack implements AutoCloseable {
  /** The region the Glue stand-in answers for. */
  public static final String GLUE_REGION = "us-east-1";

  private final KafkaBroker broker;
  private final FakeSchemaRegistry registry;
  private final GlueSchemaRegistryStandIn glue;

  private LocalStack(
      KafkaBroker broker, FakeSchemaRegistry registry, GlueSchemaRegistryStandIn glue) {
    this.broker = broker;
    this.registry = registry;
    this.glue = glue;
  }

  /**
   * Starts all three. The Glue stand-in checks no signatures, but AWS's clients sign every request: when no AWS
   * credentials are configured, placeholder ones go into the system properties of AWS's default chain.
   */
  public static LocalStack start() {
    KafkaBroker broker = new KafkaBroker().start();
    if (System.getProperty("aws.accessKeyId") == null
        && System.getenv("AWS_ACCESS_KEY_ID") == null) {
      System.setProperty("aws.accessKeyId", "mink-samples");
      System.setProperty("aws.secretAccessKey", "mink-samples");
    }
    return new LocalStack(
        broker, FakeSchemaRegistry.start(), GlueSchemaRegistryStandIn.start(GLUE_REGION));
  }

  public KafkaBroker broker() {
    return broker;
  }

  public String bootstrapServers() {
    return broker.bootstrapServers();
  }

  /** The registry's Confluent API, as Mink's [schema_registry] url takes it. */
  public String registryUrl() {
    return registry.url();
  }

  public String glueEndpoint() {
    return glue.endpoint().toString();
  }

  /** The registries as the sample producers take them; Glue payloads uncompressed. */
  public Registries registries() {
    return new Registries(
        registry.url(),
        registry.apicurioUrl(),
        new Registries.Glue(GLUE_REGION, glue.endpoint(), null, false));
  }

  /** Kafka client properties for producers. */
  public Map<String, Object> kafkaProperties() {
    return Map.of("bootstrap.servers", broker.bootstrapServers());
  }

  /**
   * The {@code MINK_*} variables of a sidecar on this stack: Kafka, both registries, a one-second poll, and no HTTP
   * server (so that nothing needs a fixed port).
   */
  public Map<String, String> minkVariables() {
    Map<String, String> variables = new HashMap<>();
    variables.put("MINK_KAFKA_BOOTSTRAP_SERVERS", broker.bootstrapServers());
    variables.put("MINK_INDEXER_POLL_INTERVAL", "1s");
    variables.put("MINK_INDEXER_HTTP_PORT", "0");
    variables.put("MINK_SCHEMA_REGISTRY_URL", registry.url());
    variables.put("MINK_SCHEMA_REGISTRY_GLUE_REGION", GLUE_REGION);
    variables.put("MINK_SCHEMA_REGISTRY_GLUE_ENDPOINT", glue.endpoint().toString());
    return variables;
  }

  @Override
  public void close() {
    glue.close();
    registry.close();
    broker.close();
  }
}
