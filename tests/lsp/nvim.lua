-- nvim.lua - Neovim's own LSP client (0.7 and later) against `cudalint
-- lsp`, driven by tests/lsp/nvim.sh: every file of the list is opened in
-- one session, and each one's published diagnostics must be exactly what
-- `cudalint --format=json` reports for it (line, UTF-16 column, code,
-- message, severity, doc link, notes). Then the suppression code action
-- is applied, the file changed five times in a row, and closed; the server
-- is shut down and must exit 0. Failure: a message on standard error and
-- exit status 1. The waits are failure guards only (CL_LSP_TIMEOUT s).
local bin, listfile, clijson = _G.cl_bin, _G.cl_list, _G.cl_cli
local guard = (tonumber(os.getenv('CL_LSP_TIMEOUT') or '') or 3300) * 1000

local function out(s) io.stdout:write(s .. '\n') end
local function fail(s)
  io.stderr:write('FAIL ' .. s .. '\n')
  vim.cmd('cquit 1')
end

local pubs, log, exit_code = {}, {}, nil
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(_, result)
  pubs[result.uri] = result
  table.insert(log, { uri = result.uri, version = result.version })
end
vim.lsp.handlers['window/logMessage'] = function(_, result)
  io.stderr:write('server: ' .. result.message .. '\n')
end

local client = vim.lsp.start_client({
  cmd = _G.cl_fresh and { bin, 'lsp', '--debounce=200', '--no-cache-results' } or { bin, 'lsp', '--debounce=200' },
  root_dir = vim.fn.getcwd(),
  name = 'cudalint',
  on_exit = function(code) exit_code = code end,
})
if not client then fail('the server did not start') end

local files, bufs = vim.fn.readfile(listfile), {}
for _, path in ipairs(files) do
  vim.cmd('badd ' .. vim.fn.fnameescape(path))
  local b = vim.fn.bufnr(path)
  vim.fn.bufload(b)
  vim.lsp.buf_attach_client(b, client)
  bufs[vim.uri_from_fname(path)] = b
end

local function count(t) local n = 0 for _ in pairs(t) do n = n + 1 end return n end
if not vim.wait(guard, function() return count(pubs) == #files end, 100) then
  for _, path in ipairs(files) do
    if not pubs[vim.uri_from_fname(path)] then io.stderr:write('no diagnostics for ' .. path .. '\n') end
  end
  fail(string.format('%d of %d files got diagnostics', count(pubs), #files))
end

local sev = { error = 1, warning = 2, note = 3 }
-- what the command line's report says of URI, as the lines the
-- published diagnostics must make
local function expected(report, uri)
  local b, want = bufs[uri], {}
  local function u16(line, col)
    local l = vim.api.nvim_buf_get_lines(b, line - 1, line, false)[1] or ''
    local _, n = vim.str_utfindex(l, math.min(col - 1, #l))
    return n
  end
  for _, f in ipairs(report.findings) do
    if vim.uri_from_fname(f.file) == uri and not f.suppressed then
      local notes = {}
      for _, n in ipairs(f.notes) do table.insert(notes, n.message) end
      table.insert(want, string.format('%d:%d %s sev=%d %s | %s | %s', f.line - 1, u16(f.line, f.column), f.rule_id,
        sev[f.level], f.message, table.concat(notes, '; '), 'rules/' .. f.rule_id .. '.md'))
    end
  end
  for _, f in ipairs(report.failures) do
    if vim.uri_from_fname(f.file) == uri then
      local has_line = type(f.line) == 'number'
      local line = has_line and f.line or 1
      table.insert(want, string.format('%d:%d - sev=2 not analysed: %s |  | -', line - 1,
        u16(line, has_line and type(f.column) == 'number' and f.column > 0 and f.column or 1), f.reason))
    end
  end
  table.sort(want)
  return want
end

local function published(uri)
  local got = {}
  for _, d in ipairs(pubs[uri].diagnostics) do
    local notes = {}
    for _, r in ipairs(d.relatedInformation or {}) do table.insert(notes, r.message) end
    local href = d.codeDescription and d.codeDescription.href:match('rules/CL%d+%.md$') or '-'
    table.insert(got, string.format('%d:%d %s sev=%d %s | %s | %s', d.range.start.line, d.range.start.character,
      d.code or '-', d.severity, d.message, table.concat(notes, '; '), href))
    if d.source ~= 'cudalint' then fail(uri .. ': source ' .. tostring(d.source)) end
  end
  table.sort(got)
  return got
end

local function compare(report, uri)
  local want, got = expected(report, uri), published(uri)
  if table.concat(want, '\n') ~= table.concat(got, '\n') then
    fail(uri .. ':\n  command line:\n    ' .. table.concat(want, '\n    ') .. '\n  server:\n    ' .. table.concat(got, '\n    '))
  end
  return #got
end

local cli = vim.fn.json_decode(table.concat(vim.fn.readfile(clijson), '\n'))
local ndiag, nwith = 0, 0
for _, path in ipairs(files) do
  local n = compare(cli, vim.uri_from_fname(path))
  ndiag = ndiag + n
  if n > 0 then nwith = nwith + 1 end
end
out(string.format('lsp: %d files opened, %d diagnostics in %d of them, each as the command line reports it', #files, ndiag, nwith))

-- the command line on the buffer's text as it is now
local function cli_now(b, path)
  local text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n') .. '\n'
  -- its standard error (notes, what was not analysed) is not the report
  local cmd = table.concat(vim.tbl_map(vim.fn.shellescape, { bin, '--format=json', '--stdin-filename=' .. path, '-' }), ' ')
  local json = vim.fn.system(cmd .. ' 2>/dev/null', text)
  return vim.fn.json_decode(json)
end
local function wait_version(uri, b)
  local v = vim.lsp.util.buf_versions[b]
  if not vim.wait(guard, function() return pubs[uri].version == v end, 50) then
    fail(uri .. ': no diagnostics for version ' .. v .. ' (last: ' .. tostring(pubs[uri].version) .. ')')
  end
end

-- the suppression code action on the first file with a diagnostic
local path, uri, d
for _, p in ipairs(files) do
  local u = vim.uri_from_fname(p)
  if #pubs[u].diagnostics > 0 then path, uri, d = p, u, pubs[u].diagnostics[1] break end
end
local b = bufs[uri]
local resp = vim.lsp.buf_request_sync(b, 'textDocument/codeAction',
  { textDocument = { uri = uri }, range = d.range, context = { diagnostics = { d } } }, guard)
local action
for _, r in pairs(resp or {}) do
  for _, a in ipairs(r.result or {}) do
    if a.data and a.data.action == 'cudalint.suppress' then action = a end
  end
end
if not action then fail(uri .. ': no cudalint.suppress action') end
local line = vim.api.nvim_buf_get_lines(b, d.range.start.line, d.range.start.line + 1, false)[1]
vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
local inserted = vim.api.nvim_buf_get_lines(b, d.range.start.line, d.range.start.line + 1, false)[1]
local want_line = line:match('^%s*') .. '// cudalint: ignore-next-line[' .. d.code .. ']'
if inserted ~= want_line then fail('inserted ' .. inserted .. ', not ' .. want_line) end
wait_version(uri, b)
for _, e in ipairs(pubs[uri].diagnostics) do
  if e.code == d.code and e.range.start.line == d.range.start.line + 1 then fail(uri .. ': still reported after the suppression') end
end
compare(cli_now(b, path), uri)
out(string.format('lsp: %s: the suppression action silenced %s; %d diagnostics left, as the command line reports',
  vim.fn.fnamemodify(path, ':.'), d.code, #pubs[uri].diagnostics))

-- five changes in a row: versions published never go back, the last is
-- the buffer's, and it holds what the command line says of that text
local first = #log
for i = 1, 5 do
  vim.api.nvim_buf_set_lines(b, -1, -1, false, { '// change ' .. i })
end
wait_version(uri, b)
local last = -1
for i = first + 1, #log do
  if log[i].uri == uri then
    if log[i].version < last then fail(uri .. ': version ' .. log[i].version .. ' published after ' .. last) end
    last = log[i].version
  end
end
compare(cli_now(b, path), uri)
out(string.format('lsp: five changes, diagnostics published for version %d only after the older ones', last))

-- closing clears the file's diagnostics
vim.cmd('bwipeout! ' .. b)
if not vim.wait(guard, function() return #pubs[uri].diagnostics == 0 end, 50) then fail(uri .. ': not cleared on close') end

vim.lsp.stop_client(client)
if not vim.wait(guard, function() return exit_code ~= nil end, 50) then fail('the server did not exit') end
if exit_code ~= 0 then fail('the server exited with ' .. exit_code) end
out('lsp: closed, cleared; shutdown and exit: status 0')
vim.cmd('qa!')
