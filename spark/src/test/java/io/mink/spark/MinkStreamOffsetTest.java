package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadPoint;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MinkStreamOffsetTest {
  private static final ReadPoint START = ReadPoint.parse("v1:s=42:0=3-5,1=0-2");

  @Test
  void theCheckpointHoldsTheStartPointAndTheNextOffsetOfEachPartition() {
    MinkStreamOffset offset = MinkStreamOffset.before(START).withNext(Map.of(1, 9L, 0, 5L));

    assertThat(offset.json())
        .isEqualTo("{\"start\":\"v1:s=42:0=3-5,1=0-2\",\"offsets\":{\"0\":5,\"1\":9}}");
    assertThat(MinkStreamOffset.parse(offset.json())).isEqualTo(offset);
    assertThat(MinkStreamOffset.parse(offset.json()).next())
        .contains(new java.util.TreeMap<>(Map.of(0, 5L, 1, 9L)));
  }

  @Test
  void beforeTheFirstMicroBatchThereAreNoOffsets() {
    MinkStreamOffset offset = MinkStreamOffset.before(START);

    assertThat(offset.json()).isEqualTo("{\"start\":\"v1:s=42:0=3-5,1=0-2\"}");
    assertThat(MinkStreamOffset.parse(offset.json()).next()).isEmpty();
    assertThat(MinkStreamOffset.parse(offset.json()).start()).isEqualTo(START);
  }

  @Test
  void anotherSourcesOffsetIsRefused() {
    assertThatThrownBy(() -> MinkStreamOffset.parse("{\"orders\":{\"0\":5}}"))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "The Spark checkpoint holds {\"orders\":{\"0\":5}}, which is not a Mink stream's "
                + "offset (it has no \"start\" token): was the checkpoint written by another source? "
                + "Start the query with a new checkpoint location");
  }
}
