package io.mink.lake.write.batch;

import io.mink.lake.write.pages.HybridEncoder;
import io.mink.lake.write.pages.PageBytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.iceberg.FieldMetrics;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.schema.PrimitiveType;

/**
 * One Parquet leaf column of a file, encoded a run of values at a time into v1 data pages: levels in the
 * RLE/bit-packing hybrid, values plain or as dictionary ids. It follows parquet-java's column writer in what
 * reaches the file: a dictionary while it stays within the dictionary page size (the page being written then
 * falls back to plain, earlier pages keep their ids), given up at the first page if it does not make that
 * page smaller; page statistics, size statistics and the column and offset indexes that the page writer
 * builds from them. Subclasses encode one kind of Arrow vector.
 */
@SuppressWarnings(
    "deprecation") // BIT_PACKED and PLAIN_DICTIONARY: the encodings v1 pages are written with
abstract class ColumnLeaf {
  final ColumnDescriptor desc;
  final PrimitiveType type;
  private final int maxRepetition;
  private final int maxDefinition;
  private final int pageSizeThreshold;
  private final int pageValueThreshold;
  private final boolean dictionaryEnabled;
  private final long maxDictionaryBytes;
  final boolean statisticsEnabled;
  private final boolean sizeStatisticsEnabled;
  private final int levelBits;

  private PageWriter pageWriter;
  private int[] repetitions = new int[1024];
  private int[] definitions = new int[1024];
  private int[] valueIndexes = new int[1024];
  private int levelCount;
  private int pageRows;
  private int pageNulls;
  /** The page's levels, then its dictionary ids when it has them. */
  private final PageBytes encoded = new PageBytes(4 * 1024);

  /** The page's values in plain encoding, when not in the dictionary. */
  final PageBytes plain = new PageBytes(4 * 1024);

  /** The page's dictionary ids. */
  int[] ids = new int[1024];

  int idCount;

  /** Whether the values go to the dictionary: until it outgrows its page or fails to pay at the first page. */
  boolean dictionaryMode;

  /** The plain size of the page's values, which the first page's dictionary must beat. */
  long pageRawBytes;

  /** The plain size of the dictionary's values. */
  long dictionaryBytes;

  /** Bytes of BYTE_ARRAY values in the page, for its size statistics. */
  long pageUnencodedBytes;

  /** Nulls written, at any level, for the metrics Iceberg adds to the footer's. */
  long nulls;

  private boolean firstPage = true;
  private boolean dictionaryUsed;
  private int lastUsedDictionarySize;

  /**
   * @param dictionaryKind whether parquet-java's v1 writer gives this kind of column a dictionary
   */
  ColumnLeaf(ColumnDescriptor desc, ParquetProperties properties, boolean dictionaryKind) {
    this.desc = desc;
    this.type = desc.getPrimitiveType();
    this.maxRepetition = desc.getMaxRepetitionLevel();
    this.maxDefinition = desc.getMaxDefinitionLevel();
    this.pageSizeThreshold = properties.getPageSizeThreshold();
    this.pageValueThreshold = properties.getPageValueCountThreshold();
    this.dictionaryEnabled = properties.isDictionaryEnabled(desc) && dictionaryKind;
    this.maxDictionaryBytes = properties.getDictionaryPageSizeThreshold();
    this.statisticsEnabled = properties.getStatisticsEnabled(desc);
    this.sizeStatisticsEnabled = properties.getSizeStatisticsEnabled(desc);
    this.levelBits = HybridEncoder.bitWidth(maxRepetition) + HybridEncoder.bitWidth(maxDefinition);
    this.dictionaryMode = dictionaryEnabled;
  }

  /** Appends the values of {@code count} slots, at indexes {@code at} of {@code vector}, none null. */
  abstract void addValues(FieldVector vector, int[] at, int count);

  /** Writes dictionary entry {@code id} in plain encoding. */
  abstract void plainOf(int id, PageBytes out);

  abstract int dictionarySize();

  /** Writes the first {@code size} dictionary entries in plain encoding. */
  abstract void writeDictionary(int size, PageBytes out);

  abstract void clearDictionary();

  /** The page's minimum and maximum, added to {@code statistics}, and forgotten. */
  abstract void takeBounds(Statistics<?> statistics);

  /** The field id of the column. */
  int fieldId() {
    return type.getId().intValue();
  }

  /** Metrics the footer lacks, such as NaN counts. */
  Stream<FieldMetrics<?>> metrics() {
    return Stream.empty();
  }

  /** Metrics counted from the non-null values, with the nulls added as Iceberg counts them. */
  <T> FieldMetrics<T> withNulls(FieldMetrics<T> values) {
    return new FieldMetrics<>(
        values.id(),
        values.valueCount() + nulls,
        nulls,
        values.nanValueCount(),
        values.lowerBound(),
        values.upperBound());
  }

  /** Writes the pages of the next row group to {@code writer}. */
  void startChunk(PageWriter writer) {
    this.pageWriter = writer;
  }

  /** Records the slots' levels and encodes their values. */
  final void append(FieldVector vector, Slots slots) {
    int count = slots.count;
    ensureLevels(levelCount + count);
    int values = 0;
    int[] index = slots.index;
    for (int i = 0; i < count; i++) {
      int level = levelCount + i;
      if (maxRepetition > 0) {
        int repetition = slots.repetition[i];
        repetitions[level] = repetition;
        if (repetition == 0) {
          pageRows++;
        }
      } else {
        pageRows++;
      }
      int at = index[i];
      if (at >= 0) {
        definitions[level] = maxDefinition;
        valueIndexes[values++] = at;
      } else {
        definitions[level] = slots.definition[i];
        pageNulls++;
      }
    }
    nulls += count - values;
    levelCount += count;
    if (values > 0) {
      addValues(vector, valueIndexes, values);
    }
  }

  private void ensureLevels(int capacity) {
    if (repetitions.length < capacity) {
      int size = Math.max(capacity, repetitions.length * 2);
      repetitions = Arrays.copyOf(repetitions, size);
      definitions = Arrays.copyOf(definitions, size);
      valueIndexes = Arrays.copyOf(valueIndexes, size);
    }
  }

  /** Room for {@code more} dictionary ids. */
  final void ensureIds(int more) {
    if (ids.length < idCount + more) {
      ids = Arrays.copyOf(ids, Math.max(idCount + more, ids.length * 2));
    }
  }

  /**
   * Counts a new dictionary entry of {@code bytes} plain bytes; once the dictionary outgrows its page, the
   * page's values so far are written plain and the rest of the row group follows.
   */
  final void addedToDictionary(int bytes) {
    dictionaryBytes += bytes;
    if (dictionaryBytes > maxDictionaryBytes) {
      fallBackToPlain();
    }
  }

  private void fallBackToPlain() {
    plain.reset();
    for (int i = 0; i < idCount; i++) {
      plainOf(ids[i], plain);
    }
    idCount = 0;
    dictionaryMode = false;
  }

  int pageRows() {
    return pageRows;
  }

  /**
   * What the page holds so far, as parquet-java's column writers count it: levels, and the values' plain size
   * where a dictionary may encode them (so a page that falls back stays within the page size).
   */
  long pageBytes() {
    long values = dictionaryEnabled ? pageRawBytes : plain.size();
    return values + ((long) levelCount * levelBits + 7) / 8;
  }

  /** Whether the page has reached Parquet's page size or value count. */
  boolean pageFull() {
    return pageBytes() >= pageSizeThreshold || levelCount >= pageValueThreshold;
  }

  /** The row group's bytes held by this column: pages written and the page being filled. */
  long bufferedBytes() {
    return pageWriter.getMemSize() + pageBytes();
  }

  /** Writes the page filled so far, if it holds anything. */
  final void writePage() {
    if (levelCount == 0) {
      return;
    }
    encoded.reset();
    Encoding repetitionEncoding = levels(repetitions, maxRepetition);
    Encoding definitionEncoding = levels(definitions, maxDefinition);
    Encoding valuesEncoding = values();
    BytesInput page = valuesEncoding == Encoding.PLAIN
        ? BytesInput.concat(encoded.view(), plain.view())
        : encoded.view();
    Statistics<?> statistics =
        statisticsEnabled ? Statistics.createStats(type) : Statistics.noopStats(type);
    takeBounds(statistics);
    if (pageNulls > 0) {
      statistics.incrementNumNulls(pageNulls);
    }
    try {
      pageWriter.writePage(
          page,
          levelCount,
          pageRows,
          statistics,
          sizeStatistics(),
          statisticsEnabled
              ? GeospatialStatistics.newBuilder(type).build()
              : GeospatialStatistics.noopBuilder().build(),
          repetitionEncoding,
          definitionEncoding,
          valuesEncoding);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a page of column " + desc, e);
    }
    levelCount = 0;
    pageRows = 0;
    pageNulls = 0;
    pageRawBytes = 0;
    pageUnencodedBytes = 0;
    plain.reset();
    idCount = 0;
    firstPage = false;
  }

  /** Writes v1 levels: their byte length, then the hybrid encoding; nothing for a level that is always 0. */
  private Encoding levels(int[] levels, int max) {
    if (max == 0) {
      return Encoding.BIT_PACKED;
    }
    int lengthAt = encoded.size();
    encoded.putInt(0);
    HybridEncoder.encode(levels, levelCount, HybridEncoder.bitWidth(max), encoded);
    encoded.setInt(lengthAt, encoded.size() - lengthAt - 4);
    return Encoding.RLE;
  }

  private Encoding values() {
    if (dictionaryMode) {
      int start = encoded.size();
      int bitWidth = HybridEncoder.bitWidth(Math.max(0, dictionarySize() - 1));
      encoded.putByte(bitWidth);
      HybridEncoder.encode(ids, idCount, bitWidth, encoded);
      if (!firstPage || encoded.size() - start + dictionaryBytes < pageRawBytes) {
        dictionaryUsed = true;
        lastUsedDictionarySize = dictionarySize();
        return Encoding.PLAIN_DICTIONARY;
      }
      encoded.truncate(start);
      fallBackToPlain();
    }
    finishPlain();
    return Encoding.PLAIN;
  }

  /** Completes the page's plain values, such as the last byte of packed booleans. */
  void finishPlain() {}

  private SizeStatistics sizeStatistics() {
    if (!sizeStatisticsEnabled) {
      return SizeStatistics.noopBuilder(type, maxRepetition, maxDefinition).build();
    }
    List<Long> repetitionHistogram =
        maxRepetition > 0 ? histogram(repetitions, maxRepetition) : List.of();
    List<Long> definitionHistogram =
        maxDefinition > 1 ? histogram(definitions, maxDefinition) : List.of();
    long unencoded = type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY
        ? pageUnencodedBytes
        : 0;
    return new SizeStatistics(type, unencoded, repetitionHistogram, definitionHistogram);
  }

  private List<Long> histogram(int[] levels, int max) {
    long[] counts = new long[max + 1];
    for (int i = 0; i < levelCount; i++) {
      counts[levels[i]]++;
    }
    List<Long> histogram = new ArrayList<>(counts.length);
    for (long count : counts) {
      histogram.add(count);
    }
    return histogram;
  }

  /** Writes the last page, then the dictionary if a page used it, and starts the next row group afresh. */
  final void finishChunk() {
    writePage();
    if (dictionaryUsed) {
      PageBytes dictionary = new PageBytes((int) Math.min(Integer.MAX_VALUE, dictionaryBytes));
      writeDictionary(lastUsedDictionarySize, dictionary);
      try {
        pageWriter.writeDictionaryPage(new DictionaryPage(
            dictionary.view(), lastUsedDictionarySize, Encoding.PLAIN_DICTIONARY));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot write the dictionary of column " + desc, e);
      }
    }
    clearDictionary();
    dictionaryBytes = 0;
    dictionaryUsed = false;
    lastUsedDictionarySize = 0;
    dictionaryMode = dictionaryEnabled;
    firstPage = true;
  }
}
