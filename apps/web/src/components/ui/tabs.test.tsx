import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Tabs, TabsList, TabsTrigger } from './tabs';

describe('TabsList', () => {
  it('wraps its tabs onto another row rather than scrolling them out of sight on a phone', () => {
    render(
      <Tabs value="profile">
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="bank">Bank account</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    const list = screen.getByRole('tablist');
    expect(list).toHaveClass('flex-wrap');
    expect(list.className).not.toMatch(/overflow-x-(auto|scroll|hidden)/);
  });
});
