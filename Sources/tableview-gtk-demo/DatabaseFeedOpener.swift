import CGtk
import DemoData
import DemoDatabase
import Dispatch
import Synchronization
import TableViewSQLite

/// Opens the feed's database off the main thread (`--db PATH`, else the file in the user's cache folder),
/// building it first when it is missing, with a progress bar the window shows meanwhile ("Building the feed
/// (1,000,000 posts)… 42 %"). A file that exists opens at once. A failure (a missing folder, a file that is
/// not a database, a locked one) is shown on the page in a sentence; a user's file is never changed. The chat's
/// file (`--chat-db PATH`, `ChatDatabase`) is opened the same way.
final class DatabaseFeedOpener {
  /// Which of the demo's files.
  enum Kind {
    /// The feed (`FeedDatabase`): posts.
    case feed
    /// The chat (`ChatDatabase`): messages.
    case chat

    var name: String { self == .feed ? "feed" : "chat" }
    var unit: String { self == .feed ? "posts" : "messages" }
  }
  /// The progress bar and its line, shown until the file is open.
  let widget: UnsafeMutablePointer<GtkWidget>
  private let label: UnsafeMutablePointer<GtkWidget>
  private let bar: UnsafeMutablePointer<GtkWidget>
  private let path: String?
  private let posts: Int
  private let kind: Kind
  /// What the build thread reports: its progress and, at the end, the store or the error.
  private final class Report: Sendable {
    let value = Mutex<(FeedDatabase.Progress?, Result<PostStore, PostStoreError>?)>((nil, nil))
  }
  private let shared = Report()
  private var watch: GLibTimeout?
  /// The share built so far, 0…1 (1 once open).
  private(set) var fraction = 0.0
  /// The line shown (also the status line while building).
  private(set) var status: String

  init(path: String?, posts: Int, kind: Kind = .feed) {
    self.path = path
    self.posts = posts
    self.kind = kind
    status = "Opening the \(kind.name)'s database…"
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_vexpand(widget, 1)
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(widget, 48) }
    label = gtk_label_new(status)
    gtk_label_set_wrap(OpaquePointer(label), 1)
    bar = gtk_progress_bar_new()
    gtk_progress_bar_set_show_text(OpaquePointer(bar), 1)
    gtk_box_append(DatabaseFeedPage.box(widget), label)
    gtk_box_append(DatabaseFeedPage.box(widget), bar)
  }

  /// Starts opening (building first if needed) on another thread; `done` runs on the main loop.
  func start(_ done: @escaping (Result<PostStore, PostStoreError>) -> Void) {
    let path = path
    let posts = posts
    let shared = shared
    let kind = kind
    DispatchQueue.global(qos: .userInitiated).async {
      let result: Result<PostStore, PostStoreError>
      do throws(PostStoreError) {
        let report = { (progress: FeedDatabase.Progress) in shared.value.withLock { $0.0 = progress } }
        switch kind {
        case .feed:
          var file = path ?? ""
          if path == nil { file = try FeedDatabase.defaultPath(posts: posts) }
          result = .success(
            try FeedDatabase.openOrCreate(path: file, posts: posts, createsFolder: path == nil, progress: report).store)
        case .chat:
          var file = path ?? ""
          if path == nil { file = try ChatDatabase.defaultPath(messages: posts) }
          result = .success(
            try ChatDatabase.openOrCreate(path: file, messages: posts, createsFolder: path == nil, progress: report)
              .store)
        }
      } catch {
        result = .failure(error)
      }
      shared.value.withLock { $0.1 = result }
    }
    watch = GLibTimeout(milliseconds: 50) { [weak self] in
      guard let self else { return false }
      let (progress, result) = self.shared.value.withLock { $0 }
      if let progress { self.show(progress) }
      guard let result else { return true }
      self.watch = nil
      if case .failure(let error) = result {
        self.status = "The \(self.kind.name)'s database cannot be used: \(error)"
        gtk_label_set_text(OpaquePointer(self.label), self.status)
        gtk_widget_set_visible(self.bar, 0)
      } else {
        self.fraction = 1
      }
      done(result)
      return false
    }
  }

  private func show(_ progress: FeedDatabase.Progress) {
    fraction = progress.fraction
    status =
      progress.isUpgrading
      ? "Upgrading the \(kind.name)'s file to this version — once, seconds for a million \(kind.unit)"
      : "Building the \(kind.name) (\(posts.grouped) \(kind.unit)) — the first run only: \(progress.step(unit: kind.unit))"
    gtk_label_set_text(OpaquePointer(label), status)
    gtk_progress_bar_set_fraction(OpaquePointer(bar), progress.fraction)
  }
}
