package io.mink.testkit.orders;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** Orders as Avro GenericRecords of {@code order.avsc}, keyed by records of {@code order-key.avsc}. */
public final class AvroOrders {
  public static final Schema VALUE_SCHEMA =
      new Schema.Parser().parse(OrderSchemaFiles.text("order.avsc"));
  public static final Schema KEY_SCHEMA =
      new Schema.Parser().parse(OrderSchemaFiles.text("order-key.avsc"));
  private static final Schema ADDRESS = VALUE_SCHEMA.getField("address").schema();
  private static final Schema TAGS = VALUE_SCHEMA.getField("tags").schema();
  private static final Schema STATUS = VALUE_SCHEMA.getField("status").schema();

  private AvroOrders() {}

  /** The order as the record Avro's writers and the Avro serdes take. */
  public static GenericRecord value(Order order) {
    GenericData.Record address = new GenericData.Record(ADDRESS);
    address.put("street", order.address().street());
    address.put("city", order.address().city());
    address.put("zip", order.address().zip());
    GenericData.Record record = new GenericData.Record(VALUE_SCHEMA);
    record.put("id", order.id());
    record.put("account_id", order.accountId());
    record.put("sequence", order.sequence());
    record.put("amount_cents", order.amountCents());
    record.put("quantity", order.quantity());
    record.put("status_code", order.statusCode());
    record.put("region_id", order.regionId());
    record.put("price", order.price());
    record.put("discount", order.discount());
    record.put("weight", order.weight());
    record.put("customer", order.customer());
    record.put("product", order.product());
    record.put("currency", order.currency());
    record.put("channel", order.channel());
    record.put("description", order.description());
    record.put("active", order.active());
    record.put("event_time", order.eventTimeMicros());
    record.put("note", order.note());
    record.put("address", address);
    record.put("tags", new GenericData.Array<>(TAGS, order.tags()));
    record.put("status", new GenericData.EnumSymbol(STATUS, order.status().name()));
    return record;
  }

  /** The key: a record of the order's id. */
  public static GenericRecord key(Order order) {
    GenericData.Record key = new GenericData.Record(KEY_SCHEMA);
    key.put("id", order.id());
    return key;
  }
}
