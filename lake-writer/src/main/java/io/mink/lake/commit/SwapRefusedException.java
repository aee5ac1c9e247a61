package io.mink.lake.commit;

import org.apache.iceberg.exceptions.CleanableFailure;

/**
 * A commit hook refused the catalog swap before it began (an epoch fence, a changed topic), carried through Iceberg's
 * commit as a {@link CleanableFailure}: Iceberg then deletes the manifests and the manifest list it wrote for the
 * snapshot, which a plain exception would leave behind as orphans in the table's directory. {@link LakeCommitter}
 * throws the hook's own exception again.
 */
final class SwapRefusedException extends RuntimeException implements CleanableFailure {
  private final RuntimeException refusal;

  SwapRefusedException(RuntimeException refusal) {
    super(refusal.getMessage(), refusal);
    this.refusal = refusal;
  }

  /** The hook's exception when {@code failure} carries one; else {@code failure} itself. */
  static RuntimeException unwrap(RuntimeException failure) {
    return failure instanceof SwapRefusedException refused ? refused.refusal : failure;
  }
}
