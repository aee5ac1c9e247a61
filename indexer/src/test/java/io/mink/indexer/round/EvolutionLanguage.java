package io.mink.indexer.round;

import io.mink.schema.registry.SchemaType;
import java.nio.ByteBuffer;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The schema languages {@link EvolutionRulesIT} runs each rule in: schema text rendered from an
 * {@link EvolutionType}, payloads written by the language's own library (Avro's
 * GenericDatumWriter, protobuf-java's DynamicMessage, Jackson), framed as Confluent's serializers
 * frame them.
 */
enum EvolutionLanguage {
  AVRO(SchemaType.AVRO) {
    @Override
    Writer writer(EvolutionType schema) {
      return new EvolutionAvro(schema);
    }
  },
  PROTOBUF(SchemaType.PROTOBUF) {
    @Override
    Writer writer(EvolutionType schema) {
      return new EvolutionProtobuf(schema);
    }
  },
  JSON_SCHEMA(SchemaType.JSON) {
    @Override
    Writer writer(EvolutionType schema) {
      return new EvolutionJsonSchema(schema);
    }
  };

  /** A schema version's text and a writer of its payloads. */
  interface Writer {
    String schemaText();

    /**
     * The payload of a value: a struct as a map from field name to value (a field the map lacks is
     * not written), a list as a List, a map as a Map, scalars as Numbers, Strings and BigDecimals.
     */
    byte[] write(Object value);
  }

  private final SchemaType schemaType;

  EvolutionLanguage(SchemaType schemaType) {
    this.schemaType = schemaType;
  }

  SchemaType schemaType() {
    return schemaType;
  }

  /** @throws IllegalArgumentException the language cannot express the schema */
  abstract Writer writer(EvolutionType schema);

  /**
   * The Confluent wire format: byte 0, the 4-byte schema id, for Protobuf the message indexes (a
   * single 0: the first message), the payload.
   */
  byte[] confluent(int schemaId, byte[] payload) {
    boolean protobuf = this == PROTOBUF;
    ByteBuffer framed = ByteBuffer.allocate(5 + (protobuf ? 1 : 0) + payload.length)
        .put((byte) 0)
        .putInt(schemaId);
    if (protobuf) {
      framed.put((byte) 0);
    }
    return framed.put(payload).array();
  }

  /** The Iceberg type of a scalar of this language, as tables.md maps it. */
  Type icebergType(EvolutionType.Primitive primitive) {
    return switch (primitive) {
      case INT -> this == JSON_SCHEMA ? Types.LongType.get() : Types.IntegerType.get();
      case LONG -> Types.LongType.get();
      case FLOAT -> this == JSON_SCHEMA ? Types.DoubleType.get() : Types.FloatType.get();
      case DOUBLE -> Types.DoubleType.get();
      case STRING -> Types.StringType.get();
    };
  }
}
