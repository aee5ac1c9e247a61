package io.mink.lake.write.deletes;

import io.mink.lake.write.FileNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.deletes.BaseDVFileWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.DeleteWriteResult;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;

/**
 * Writes the deletes of one commit. A format 3 table gets one deletion vector per data file, merged with the
 * file's earlier deletion vector or position deletes, which the commit then removes: a data file never has two
 * deletion vectors. A format 2 table gets one Parquet position delete file per data file. Never equality deletes.
 */
public final class DeleteFilesWriter {
  private DeleteFilesWriter() {}

  /**
   * Writes the deletes for {@code rows}.
   *
   * @param current the deletes that apply to the data files now, merged into a format 3 table's new vectors
   * @param operationId names the files, such as the round's id
   */
  public static WrittenDeletes write(
      Table table, DeletedRows rows, CurrentDeletes current, String operationId) {
    if (rows.isEmpty()) {
      return WrittenDeletes.NONE;
    }
    try {
      return TableUtil.formatVersion(table) >= 3
          ? deletionVectors(table, rows, current, operationId)
          : positionDeletes(table, rows, operationId);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the deletes of table " + table.name(), e);
    }
  }

  private static WrittenDeletes deletionVectors(
      Table table, DeletedRows rows, CurrentDeletes current, String operationId)
      throws IOException {
    DeleteLoader loader = new BaseDeleteLoader(deleteFile -> table.io().newInputFile(deleteFile));
    OutputFileFactory files =
        FileNames.forWriter(table, 0, operationId + "-deletes", FileFormat.PUFFIN);
    long[] newlyDeleted = {0};
    BaseDVFileWriter writer = new BaseDVFileWriter(files, path -> current.positions(path, loader));
    try (writer) {
      for (DeletedRows.FileRows file : rows.files()) {
        DataFile data = file.file();
        PositionDeleteIndex before = current.positions(data.location(), loader);
        for (long position : file.positions()) {
          if (!before.isDeleted(position)) {
            newlyDeleted[0]++;
          }
          writer.delete(
              data.location(), position, table.specs().get(data.specId()), data.partition());
        }
      }
    }
    DeleteWriteResult result = writer.result();
    List<String> referenced = new ArrayList<>();
    result.referencedDataFiles().forEach(path -> referenced.add(path.toString()));
    List<DeleteFile> replaced = result.rewrittenDeleteFiles().stream()
        .filter(CurrentDeletes::scopedToOneFile)
        .toList();
    return new WrittenDeletes(result.deleteFiles(), replaced, referenced, newlyDeleted[0]);
  }

  private static WrittenDeletes positionDeletes(Table table, DeletedRows rows, String operationId)
      throws IOException {
    OutputFileFactory files =
        FileNames.forWriter(table, 0, operationId + "-deletes", FileFormat.PARQUET);
    List<DeleteFile> added = new ArrayList<>();
    List<String> referenced = new ArrayList<>();
    long count = 0;
    for (DeletedRows.FileRows file : rows.files()) {
      DataFile data = file.file();
      EncryptedOutputFile output =
          files.newOutputFile(table.specs().get(data.specId()), data.partition());
      PositionDeleteWriter<Object> writer = Parquet.writeDeletes(output)
          .setAll(table.properties())
          .metricsConfig(MetricsConfig.forPositionDelete())
          .withSpec(table.specs().get(data.specId()))
          .withPartition(data.partition())
          .buildPositionWriter();
      PositionDelete<Object> delete = PositionDelete.create();
      try (writer) {
        for (long position : file.positions()) {
          writer.write(delete.set(data.location(), position));
          count++;
        }
      }
      added.add(writer.toDeleteFile());
      referenced.add(data.location());
    }
    return new WrittenDeletes(added, List.of(), referenced, count);
  }
}
