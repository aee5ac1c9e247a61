package io.mink.indexer.decoding;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.json.JsonSchemaCompiler;
import io.mink.schema.protobuf.ProtobufSchemaCompiler;
import io.mink.schema.registry.CachingSchemaRegistry;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.GlueRegistryClient;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.schema.registry.SchemaRegistry;
import io.mink.schema.registry.SchemaType;
import java.util.Map;
import java.util.Optional;

/** Builds the sidecar's key and value decoder from the [schema_registry] settings. */
public final class RegistryDecoders {
  private RegistryDecoders() {}

  /** The compilers of every schema language Mink reads. */
  public static Map<SchemaType, SchemaCompiler> compilers() {
    return Map.of(
        SchemaType.AVRO, new AvroSchemaCompiler(),
        SchemaType.PROTOBUF, new ProtobufSchemaCompiler(),
        SchemaType.JSON, new JsonSchemaCompiler());
  }

  /**
   * The decoder, or empty when no registry is configured and every part keeps its raw bytes.
   *
   * @throws ConfigException a file the settings name cannot be read: a TLS store, the bearer token file, the AWS
   *     credentials file or its profile
   */
  public static Optional<PartDecoder> from(SchemaRegistrySettings settings) {
    if (!settings.configured()) {
      return Optional.empty();
    }
    try {
      Optional<SchemaRegistry> confluent =
          settings.confluent().map(ConfluentRegistryClient::create);
      Optional<SchemaRegistry> glue = settings.glue().map(GlueRegistryClient::create);
      return Optional.of(forRegistry(new RoutingSchemaRegistry(confluent, glue)));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("Invalid [schema_registry] settings: " + e.getMessage(), e);
    }
  }

  /** A decoder over any registry, its schemas cached by id, GUID and version UUID. */
  public static PartDecoder forRegistry(SchemaRegistry registry) {
    return new PartDecoder(new CachingSchemaRegistry(registry), compilers());
  }
}
