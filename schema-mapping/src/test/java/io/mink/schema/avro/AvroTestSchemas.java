package io.mink.schema.avro;

import java.util.List;

/** Schemas the property tests decode with: every row of the mapping table, nested every way. */
final class AvroTestSchemas {
  static final String EVERY_TYPE = """
      {"type": "record", "name": "Everything", "namespace": "test", "fields": [
        {"name": "flag", "type": "boolean"},
        {"name": "count", "type": "int"},
        {"name": "total", "type": "long"},
        {"name": "ratio", "type": "float"},
        {"name": "score", "type": "double"},
        {"name": "blob", "type": "bytes"},
        {"name": "name", "type": "string"},
        {"name": "suit", "type": {"type": "enum", "name": "Suit", "symbols": ["HEARTS", "SPADES", "CLUBS"]}},
        {"name": "hash", "type": {"type": "fixed", "name": "Hash", "size": 4}},
        {"name": "price", "type": {"type": "bytes", "logicalType": "decimal", "precision": 12, "scale": 2}},
        {"name": "amount", "type": {"type": "fixed", "name": "Amount", "size": 16,
          "logicalType": "decimal", "precision": 38, "scale": 9}},
        {"name": "huge", "type": {"type": "bytes", "logicalType": "decimal", "precision": 60, "scale": 5}},
        {"name": "id", "type": {"type": "string", "logicalType": "uuid"}},
        {"name": "raw_id", "type": {"type": "fixed", "name": "RawId", "size": 16, "logicalType": "uuid"}},
        {"name": "day", "type": {"type": "int", "logicalType": "date"}},
        {"name": "at_millis", "type": {"type": "int", "logicalType": "time-millis"}},
        {"name": "at_micros", "type": {"type": "long", "logicalType": "time-micros"}},
        {"name": "ts_millis", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "ts_micros", "type": {"type": "long", "logicalType": "timestamp-micros"}},
        {"name": "ts_nanos", "type": {"type": "long", "logicalType": "timestamp-nanos"}},
        {"name": "local_millis", "type": {"type": "long", "logicalType": "local-timestamp-millis"}},
        {"name": "local_micros", "type": {"type": "long", "logicalType": "local-timestamp-micros"}},
        {"name": "local_nanos", "type": {"type": "long", "logicalType": "local-timestamp-nanos"}},
        {"name": "span", "type": {"type": "fixed", "name": "Span", "size": 12, "logicalType": "duration"}},
        {"name": "maybe", "type": ["null", "string"]},
        {"name": "either", "type": ["null", "int", "string", "Suit", {"type": "array", "items": "Hash"}]},
        {"name": "tags", "type": {"type": "array", "items": "string"}},
        {"name": "nothing", "type": {"type": "array", "items": "null"}},
        {"name": "attributes", "type": {"type": "map", "values": ["null", "long"]}},
        {"name": "lines", "type": {"type": "array", "items": {"type": "record", "name": "Line", "fields": [
          {"name": "sku", "type": "string"},
          {"name": "qty", "type": "int"},
          {"name": "parts", "type": {"type": "map", "values": {"type": "array", "items": "double"}}}]}}},
        {"name": "tree", "type": {"type": "record", "name": "Tree", "fields": [
          {"name": "label", "type": "string"},
          {"name": "children", "type": {"type": "array", "items": "Tree"}},
          {"name": "parent", "type": ["null", "Tree"]}]}}
      ]}""";

  static final String LINKED_LIST = """
      {"type": "record", "name": "Node", "fields": [
        {"name": "value", "type": "long"}, {"name": "next", "type": ["null", "Node"]}]}""";

  static final List<String> ALL = List.of(
      EVERY_TYPE,
      LINKED_LIST,
      "\"string\"",
      "[\"null\", \"double\"]",
      "[\"int\", \"string\", {\"type\": \"map\", \"values\": \"bytes\"}]",
      "{\"type\": \"array\", \"items\": [\"null\", {\"type\": \"long\", \"logicalType\": \"timestamp-micros\"}]}",
      "{\"type\": \"map\", \"values\": {\"type\": \"record\", \"name\": \"Empty\", \"fields\": []}}",
      AvroPayloads.rowWith(
          "{\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 4, \"scale\": 4}"));

  private AvroTestSchemas() {}
}
