package io.mink.indexer.interop;

import io.mink.schema.registry.SchemaType;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** Orders as Avro GenericRecords of {@code interop/order.avsc}, keyed by {@code interop/order-key.avsc}. */
final class AvroOrders implements OrderLanguage {
  static final Schema ORDER = new Schema.Parser().parse(OrderLanguage.resource("order.avsc"));
  static final Schema ORDER_KEY = new Schema.Parser().parse(OrderLanguage.resource("order-key.avsc"));

  @Override
  public SchemaType type() {
    return SchemaType.AVRO;
  }

  @Override
  public GenericRecord value(Order order) {
    Schema addressSchema = ORDER.getField("shipping").schema();
    GenericData.Record address = new GenericData.Record(addressSchema);
    address.put("street", order.shipping().street());
    address.put("city", order.shipping().city());
    address.put("zip", order.shipping().zip());
    GenericData.Record record = new GenericData.Record(ORDER);
    record.put("id", order.id());
    record.put("customer", order.customer());
    record.put("note", order.note());
    record.put("placed", order.placed().toEpochMilli());
    record.put("quantity", order.quantity());
    record.put("total", order.total());
    record.put("gift", order.gift());
    record.put("tags", new GenericData.Array<>(ORDER.getField("tags").schema(), order.tags()));
    record.put("shipping", address);
    record.put("status", new GenericData.EnumSymbol(ORDER.getField("status").schema(), order.status().name()));
    return record;
  }

  @Override
  public GenericRecord key(Order order) {
    GenericData.Record key = new GenericData.Record(ORDER_KEY);
    key.put("id", order.id());
    return key;
  }

  @Override
  public String schemaText(boolean key) {
    return (key ? ORDER_KEY : ORDER).toString();
  }

  @Override
  public String toString() {
    return "Avro";
  }
}
