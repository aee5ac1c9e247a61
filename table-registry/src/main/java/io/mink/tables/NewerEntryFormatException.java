package io.mink.tables;

/**
 * An entry of the tables topic written in a newer entry format than this Mink reads. Such an entry is never read
 * as something it is not, never overwritten and never taken for a removed table: the table is left alone until every
 * instance is upgraded.
 */
public final class NewerEntryFormatException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String qualifiedName;
  private final int version;

  NewerEntryFormatException(String qualifiedName, String topic, int version) {
    super(message(qualifiedName, topic, version));
    this.qualifiedName = qualifiedName;
    this.version = version;
  }

  /** The table whose entry this Mink cannot read. */
  public String qualifiedName() {
    return qualifiedName;
  }

  /** The entry's format version, newer than {@link TableDescriptorCodec#ENTRY_FORMAT_VERSION}. */
  public int version() {
    return version;
  }

  static String message(String qualifiedName, String topic, int version) {
    return "Table " + qualifiedName + " in the tables topic " + topic + " has entry format version "
        + version + ", and this Mink reads entry formats up to version "
        + TableDescriptorCodec.ENTRY_FORMAT_VERSION + ": upgrade Mink to a version that reads entry"
        + " format " + version + " on every instance. This Mink leaves the table alone: it neither"
        + " indexes, changes nor removes it";
  }
}
