package io.mink.lake.write.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class SlabPoolTest {
  @Test
  void aReleasedBufferServesTheNextRequestOfItsSizeCleared() {
    SlabPool pool = new SlabPool(1 << 20);
    ByteBuffer first = pool.allocate(4096);
    first.order(ByteOrder.LITTLE_ENDIAN).putLong(42).flip();
    pool.release(first);

    ByteBuffer again = pool.allocate(4096);

    assertThat(again).isSameAs(first);
    assertThat(again.position()).isZero();
    assertThat(again.limit()).isEqualTo(4096);
    assertThat(again.order()).isEqualTo(ByteOrder.BIG_ENDIAN);
    assertThat(pool.allocate(4096)).isNotSameAs(first);
    assertThat(pool.allocate(2048).capacity()).isEqualTo(2048);
  }

  @Test
  void keepsNoMoreThanItsLimitAndNoBuffersItDidNotMake() {
    SlabPool pool = new SlabPool(10_000);
    pool.release(ByteBuffer.allocate(6_000));
    pool.release(ByteBuffer.allocate(6_000));
    pool.release(ByteBuffer.allocateDirect(100));
    pool.release(ByteBuffer.allocate(200).slice(10, 100));

    assertThat(pool.pooledBytes()).isEqualTo(6_000);
    pool.allocate(6_000);
    assertThat(pool.pooledBytes()).isZero();
  }

  @Test
  void clearingLetsGoOfEveryBuffer() {
    SlabPool pool = new SlabPool(1 << 20);
    ByteBuffer kept = ByteBuffer.allocate(512);
    pool.release(kept);

    pool.clear();

    assertThat(pool.pooledBytes()).isZero();
    assertThat(pool.allocate(512)).isNotSameAs(kept);
  }
}
