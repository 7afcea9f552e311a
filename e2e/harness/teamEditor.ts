import type { Locator, Page } from 'playwright-core';

/**
 * Adds a pupil to the team in the editor by typing the name into the member picker and choosing the pupil, until
 * the chosen list shows them: on a loaded machine the click can land while the list is still opening.
 */
export const addMember = async (page: Page, drawer: Locator, name: string) => {
  const chosen = drawer.getByRole('list', { name: '已选队员' }).getByText(new RegExp(`^${name}（`));
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const picker = drawer.getByLabel('添加队员（按姓名或卡号搜索本机构人员）');
    await picker.click();
    await picker.fill(name);
    await page
      .locator(`.ant-select-item-option[title^="${name}（"]`)
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    if (
      await chosen.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  await chosen.waitFor();
};
