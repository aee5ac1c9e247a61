package io.mink.samples.produce;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.Serializer;

/** A KafkaProducer with a schema registry's key and value serializers, as an application configures one. */
final class SerializingOrderProducer implements OrderProducer {
  static final Duration SEND_TIMEOUT = Duration.ofSeconds(60);

  private final KafkaProducer<Object, Object> producer;
  private final Function<SampleOrder, Object> key;
  private final Function<SampleOrder, Object> value;

  SerializingOrderProducer(
      Map<String, Object> kafka,
      Serializer<Object> keySerializer,
      Serializer<Object> valueSerializer,
      Function<SampleOrder, Object> key,
      Function<SampleOrder, Object> value) {
    this.producer = new KafkaProducer<>(producerProperties(kafka), keySerializer, valueSerializer);
    this.key = key;
    this.value = value;
  }

  static Map<String, Object> producerProperties(Map<String, Object> kafka) {
    Map<String, Object> properties = new HashMap<>(kafka);
    properties.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
    properties.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 5);
    properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "mink-samples");
    return properties;
  }

  @Override
  public void send(String topic, Integer partition, List<SampleOrder> orders) {
    List<Future<RecordMetadata>> sent = new ArrayList<>(orders.size());
    for (SampleOrder order : orders) {
      sent.add(producer.send(
          new ProducerRecord<>(topic, partition, key.apply(order), value.apply(order))));
    }
    producer.flush();
    awaitAll(sent, topic);
  }

  static void awaitAll(List<Future<RecordMetadata>> sent, String topic) {
    for (int i = 0; i < sent.size(); i++) {
      try {
        sent.get(i).get(SEND_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        throw new IllegalStateException(
            "Kafka refused order " + i + " to topic " + topic + ": " + e.getCause(), e.getCause());
      } catch (TimeoutException e) {
        throw new IllegalStateException(
            "Kafka did not acknowledge order " + i + " to topic " + topic + " within "
                + SEND_TIMEOUT.toSeconds()
                + "s: check the bootstrap servers and that the topic exists",
            e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while sending to topic " + topic, e);
      }
    }
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(10));
  }
}
