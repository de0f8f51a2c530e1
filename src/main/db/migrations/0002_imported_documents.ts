import type { Migration } from '../migrate.ts';

/** Documents the user imports live here, so they survive every content update. */
export default {
  version: 2,
  name: '0002_imported_documents',
  sql: `
    CREATE TABLE imported_documents (
      rowid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      source_key TEXT NOT NULL UNIQUE,
      title TEXT,
      abstract TEXT,
      mesh_terms TEXT NOT NULL,
      authors TEXT NOT NULL,
      publication_date TEXT,
      publication_year INTEGER,
      date_min TEXT,
      date_max TEXT,
      journal TEXT,
      journal_norm TEXT,
      doi TEXT, pmid TEXT, pmcid TEXT, url TEXT, license TEXT,
      study_design TEXT NOT NULL,
      evidence_grade TEXT NOT NULL,
      imported_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX imported_documents_date ON imported_documents(date_min, date_max);
    CREATE VIRTUAL TABLE imported_documents_fts USING fts5(
      title, abstract, content='imported_documents', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER imported_documents_ai AFTER INSERT ON imported_documents BEGIN
      INSERT INTO imported_documents_fts (rowid, title, abstract) VALUES (new.rowid, coalesce(new.title, ''), coalesce(new.abstract, ''));
    END;
    CREATE TRIGGER imported_documents_au AFTER UPDATE ON imported_documents BEGIN
      INSERT INTO imported_documents_fts (imported_documents_fts, rowid, title, abstract) VALUES ('delete', old.rowid, coalesce(old.title, ''), coalesce(old.abstract, ''));
      INSERT INTO imported_documents_fts (rowid, title, abstract) VALUES (new.rowid, coalesce(new.title, ''), coalesce(new.abstract, ''));
    END;
    CREATE TRIGGER imported_documents_ad AFTER DELETE ON imported_documents BEGIN
      INSERT INTO imported_documents_fts (imported_documents_fts, rowid, title, abstract) VALUES ('delete', old.rowid, coalesce(old.title, ''), coalesce(old.abstract, ''));
    END;
  `,
} satisfies Migration;
