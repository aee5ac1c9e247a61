package io.mink.samples.produce;

/**
 * A schema language's form of a {@link SampleOrder}: the objects its serializers take, as an application with
 * generated classes would hand them over.
 */
public interface OrderObjects {

  /** The value: an Avro GenericRecord, a Protobuf message or a JSON tree. */
  Object value(SampleOrder order);

  /** The key, a record of the order's id. */
  Object key(SampleOrder order);

  static OrderObjects of(SchemaLanguage language) {
    return switch (language) {
      case AVRO -> new AvroOrders();
      case PROTOBUF -> new ProtobufOrders();
      case JSON_SCHEMA -> new JsonSchemaOrders();
    };
  }
}
