package io.mink.bench.registry;

/**
 * The {@link Order} record in the three schema languages a registry holds, field for field in the
 * same order. The languages differ where their type systems do: JSON Schema has one integer type
 * (a long), and a Protobuf message field or proto3 {@code optional} is nullable.
 */
final class OrderSchemas {
  static final String AVRO = """
      {"type": "record", "name": "Order", "namespace": "io.mink.bench", "fields": [
        {"name": "id", "type": "long"},
        {"name": "account_id", "type": "long"},
        {"name": "sequence", "type": "long"},
        {"name": "amount_cents", "type": "long"},
        {"name": "quantity", "type": "int"},
        {"name": "status_code", "type": "int"},
        {"name": "region_id", "type": "int"},
        {"name": "price", "type": "double"},
        {"name": "discount", "type": "double"},
        {"name": "weight", "type": "double"},
        {"name": "customer", "type": "string"},
        {"name": "product", "type": "string"},
        {"name": "currency", "type": "string"},
        {"name": "channel", "type": "string"},
        {"name": "description", "type": "string"},
        {"name": "active", "type": "boolean"},
        {"name": "event_time", "type": {"type": "long", "logicalType": "timestamp-micros"}},
        {"name": "note", "type": ["null", "string"], "default": null},
        {"name": "address", "type": {"type": "record", "name": "Address", "fields": [
          {"name": "street", "type": "string"},
          {"name": "city", "type": "string"},
          {"name": "zip", "type": "int"}]}},
        {"name": "tags", "type": {"type": "array", "items": "string"}}]}""";

  /** The key: the order id as an Avro long. */
  static final String AVRO_KEY = "\"long\"";

  static final String PROTOBUF = """
      syntax = "proto3";
      package io.mink.bench;

      import "google/protobuf/timestamp.proto";

      message Order {
        int64 id = 1;
        int64 account_id = 2;
        int64 sequence = 3;
        int64 amount_cents = 4;
        int32 quantity = 5;
        int32 status_code = 6;
        int32 region_id = 7;
        double price = 8;
        double discount = 9;
        double weight = 10;
        string customer = 11;
        string product = 12;
        string currency = 13;
        string channel = 14;
        string description = 15;
        bool active = 16;
        google.protobuf.Timestamp event_time = 17;
        optional string note = 18;
        Address address = 19;
        repeated string tags = 20;

        message Address {
          string street = 1;
          string city = 2;
          int32 zip = 3;
        }
      }
      """;

  static final String JSON = """
      {"$schema": "http://json-schema.org/draft-07/schema#", "title": "Order", "type": "object",
       "properties": {
        "id": {"type": "integer"},
        "account_id": {"type": "integer"},
        "sequence": {"type": "integer"},
        "amount_cents": {"type": "integer"},
        "quantity": {"type": "integer"},
        "status_code": {"type": "integer"},
        "region_id": {"type": "integer"},
        "price": {"type": "number"},
        "discount": {"type": "number"},
        "weight": {"type": "number"},
        "customer": {"type": "string"},
        "product": {"type": "string"},
        "currency": {"type": "string"},
        "channel": {"type": "string"},
        "description": {"type": "string"},
        "active": {"type": "boolean"},
        "event_time": {"type": "string", "format": "date-time"},
        "note": {"type": ["string", "null"]},
        "address": {"type": "object", "additionalProperties": false,
          "properties": {"street": {"type": "string"}, "city": {"type": "string"}, "zip": {"type": "integer"}},
          "required": ["street", "city", "zip"]},
        "tags": {"type": "array", "items": {"type": "string"}}},
       "required": ["id", "account_id", "sequence", "amount_cents", "quantity", "status_code", "region_id", "price",
        "discount", "weight", "customer", "product", "currency", "channel", "description", "active", "event_time",
        "address", "tags"],
       "additionalProperties": false}""";

  private OrderSchemas() {}
}
