// The view-open bench's baseline (see package.json): the Apps view with nothing but its rows.
const path = require('node:path');
const vscode = require('vscode');

exports.activate = function (context) {
  const treeDataProvider = {
    async getChildren(app) {
      if (app) return [];
      const baseUrl = vscode.workspace.getConfiguration('buildService').get('baseUrl').replace(/\/$/, '');
      const token = (await context.secrets.get('token')) ?? process.env.BUILD_SERVICE_TOKEN;
      // The same undici as ours, from the same production bundle, so that the two load the same code.
      const { undici } = require(path.join(__dirname, '../../../dist/libraries.js'));
      const response = await undici.request(`${baseUrl}/apps`, { headers: { authorization: `Bearer ${token}` } });
      return JSON.parse(await response.body.text());
    },
    getTreeItem: (app) => new vscode.TreeItem(app.app_name),
  };
  context.subscriptions.push(vscode.window.createTreeView('buildService.apps', { treeDataProvider }));
};

exports.deactivate = function () {};
