/// One post as stored: its identity, its place (section, then position), and its content.
public struct Post: Sendable, Hashable, Identifiable {
  /// The row id: the post's identity across edits and moves.
  public var id: Int64
  /// The section the post is shown in.
  public var section: Int
  /// The post's order key within its section (ascending); not its row index: positions may have gaps.
  public var position: Int64
  /// Who wrote it.
  public var author: String
  /// The text.
  public var body: String
  /// When it was written (seconds since 1970).
  public var created: Int64
  /// Bumped by the database on every edit of the author or the body (a trigger).
  public var revision: Int64
  /// Marked with a star (the feed's Mark).
  public var isStarred: Bool
  /// Marked as read (the feed's Read).
  public var isRead: Bool

  /// Creates a post.
  public init(
    id: Int64, section: Int, position: Int64, author: String, body: String, created: Int64, revision: Int64 = 0,
    isStarred: Bool = false, isRead: Bool = false
  ) {
    self.isStarred = isStarred
    self.isRead = isRead
    self.id = id
    self.section = section
    self.position = position
    self.author = author
    self.body = body
    self.created = created
    self.revision = revision
  }
}
